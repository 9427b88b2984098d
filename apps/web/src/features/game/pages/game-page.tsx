import '../../../styles/money.css';
import '../game.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BreakGate } from '../../../components/break-gate.tsx';
import { BalanceChip } from '../../../components/balance-chip.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { loadScreenTexts } from '../../../lib/i18n.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import type { Lang } from '@fairdraw/contract';
import { queryClient } from '../../../app/providers.tsx';
import { currentGameQuery } from '../api/get-current-game.ts';
import { playItemsQuery, usePlayItems } from '../api/get-play-items.ts';
import { BetBar } from '../components/bet-bar.tsx';
import type { SlipPreset } from '../components/bet-slip.tsx';
import { useGameBets } from '../api/get-game-bets.ts';
import { useSettledToasts } from '../lib/use-settled-toasts.ts';
import { useSharedSlip } from '../lib/use-shared-slip.ts';
import { showToast } from '../../../lib/toast.ts';
import { GameHeader } from '../components/game-header.tsx';
import { LastResult } from '../components/last-result.tsx';
import { allInCount, NumberPicker } from '../components/number-picker.tsx';
import { PlayBoard } from '../components/play-board.tsx';
import { gameIdOf, useGameParams } from '../lib/game-params.ts';
import { usePeriod } from '../lib/use-period.ts';
import { usePlaySelection } from '../lib/use-play-selection.ts';
import { PATHS, withQuery } from '../../../lib/paths.ts';

// The bet slip (its form, the stake's schema on zod, the confirm dialog, the chase) is its own chunk, off the first
// load: it is fetched when the player first selects a play, so it is there, closed, before he opens it. It shows
// texts of other screens' blocks (the chase), so it comes with the rest of the screens' texts.
const BetSlipSheet = lazy(() =>
  Promise.all([import('../components/bet-slip.tsx'), loadScreenTexts('all')]).then(([m]) => ({
    default: m.BetSlipSheet,
  })),
);

// The player's slips of this issue (with their Cancel action): below the plays, for a signed-in player only. It shows
// texts of the bets screens, so it comes with the rest of the screens' texts.
const MyBetsPanel = lazy(() =>
  Promise.all([import('../components/my-bets-panel.tsx'), loadScreenTexts('all')]).then(([m]) => ({
    default: m.MyBetsPanel,
  })),
);

// A slip shared as a link: shown only when the address carries one (lib/use-shared-slip.ts fetches it with the link's
// reading), so no other first load carries it.
const SharedSlipCard = lazy(() =>
  import('../components/shared-slip-card.tsx').then((m) => ({ default: m.SharedSlipCard })),
);

// The trend sheet and its styles are their own chunk, fetched when a player first opens it.
const TrendSheet = lazy(() => import('../components/trend-sheet.tsx').then((m) => ({ default: m.TrendSheet })));

/**
 * What a game page's first paint reads (its period and its plays), asked for as soon as this module lands on a first
 * visit (app/router.tsx preloadRoute), in parallel with the texts, not once the page has rendered.
 */
export function prefetchGame(lang: Lang, search: URLSearchParams): void {
  const gameId = gameIdOf(search);
  if (!gameId) return;
  // Read side by side, the plays are the period's: they stand for it too, so its arrival does not read them again.
  void Promise.all([
    queryClient.fetchQuery(currentGameQuery(gameId)),
    queryClient.fetchQuery(playItemsQuery(gameId, lang)),
  ])
    .then(([period, plays]) => {
      if (period.issue) queryClient.setQueryData(playItemsQuery(gameId, lang, period.issue).queryKey, plays);
    })
    .catch(() => undefined);
}

/** One screen for the five game routes: period, last result, plays, the bet slip and the trend. */
export function GamePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const { code, gameId, family, label, query } = useGameParams();
  const { current, stream, bettable, issue } = usePeriod(gameId);
  const plays = usePlayItems(gameId, lang, issue);
  const groups = useMemo(() => plays.data ?? [], [plays.data]);
  const sel = usePlaySelection(groups);
  const [slipOpen, setSlipOpen] = useState(false);
  // Once wanted, the slip stays mounted (closed between bets), keeping its stakes and its idempotency keys.
  const [slipWanted, setSlipWanted] = useState(false);
  if (!slipWanted && (slipOpen || sel.selectedItems.length > 0)) setSlipWanted(true);
  const [trendOpen, setTrendOpen] = useState(false);
  const [preset, setPreset] = useState<SlipPreset | null>(null);
  const signedIn = !!user && user.role !== 'operator';
  const bets = useGameBets(gameId ?? 0, signedIn ? user.token : undefined);
  useSettledToasts(bets.data);
  const lastSlip = bets.data?.[0];
  const shared = useSharedSlip(groups, plays.isSuccess);

  /** Puts plays (with all-in numbers) and their stakes on the slip and opens it. */
  const fillSlip = (lines: { id: number; amount: number; numbers?: number[] | null }[]) => {
    const chosen: Record<number, number[]> = {};
    const stakes: Record<number, number> = {};
    for (const l of lines) {
      stakes[l.id] = l.amount;
      if (l.numbers) chosen[l.id] = l.numbers;
    }
    sel.choose(
      lines.map((l) => l.id),
      chosen,
    );
    setPreset({ key: Date.now(), stakes, multiplier: 1 });
    if (user) setSlipOpen(true);
  };

  // Repeat last slip: the plays of the player's latest slip of this game that are still sold, with their stakes.
  const repeatLast = () => {
    if (!lastSlip) return;
    const lines = lastSlip.items
      .filter((i, k, all) => sel.byId.has(i.play_id) && all.findIndex((x) => x.play_id === i.play_id) === k)
      .map((i) => ({ id: i.play_id, amount: i.amount, numbers: i.numbers }));
    if (lines.length < lastSlip.items.length) showToast(t('bet.repeatPartial'));
    if (lines.length > 0) fillSlip(lines);
  };

  if (!gameId || !family) {
    return (
      <main className="page">
        <TopBar title={label} />
        <NoticeState text={t('draw.unknownGame')} testId="game-unknown">
          <Link to={PATHS.home} className="btn btn--ghost">
            {t('common.toHome')}
          </Link>
        </NoticeState>
      </main>
    );
  }

  return (
    <main className="page game-page" data-testid="game-page" data-family={family} data-code={code} data-stream={stream}>
      <TopBar title={label} right={user && user.role !== 'operator' ? <BalanceChip /> : undefined} />
      {current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <GameHeader
          period={current.data}
          pending={current.isPending}
          rulesHref={withQuery(PATHS.rule, query)}
          historyHref={withQuery(PATHS.history, query)}
          onTrend={() => setTrendOpen(true)}
        />
      )}
      <LastResult family={family} game={current.data} />
      {shared.shared && (
        <Suspense fallback={null}>
          <SharedSlipCard
            shared={shared.shared}
            onDismiss={shared.dismiss}
            onCopy={() => {
              fillSlip(
                shared.shared?.lines.map((l) => ({ id: l.item.id, amount: l.amount, numbers: l.numbers })) ?? [],
              );
              shared.dismiss();
            }}
          />
        </Suspense>
      )}
      {/* On a break the player still follows the draws and his slips; where the bets would be, the break says so. */}
      <BreakGate>
        <PlayBoard
          plays={plays}
          group={sel.group}
          onGroup={sel.setGroupCode}
          selected={sel.selected}
          numbers={sel.numbers}
          bettable={bettable}
          onTap={sel.tap}
        />
        {user && bettable && (
          <div className="play-tools">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="machine-pick"
              disabled={!sel.group}
              onClick={() => {
                if (!sel.machinePick()) showToast(t('bet.allPicked'));
              }}
            >
              {t('bet.machinePick')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="repeat-last"
              disabled={!lastSlip}
              onClick={repeatLast}
            >
              {t('bet.repeatLast')}
            </button>
          </div>
        )}
        <BetBar
          signedIn={!!user}
          count={sel.selectedItems.length}
          bettable={bettable}
          onClear={sel.clear}
          onOpen={() => setSlipOpen(true)}
        />
        {sel.picking && (
          <NumberPicker
            open
            title={sel.picking.name}
            count={allInCount(sel.picking.code) ?? 2}
            onCancel={sel.cancelPick}
            onDone={sel.finishPick}
          />
        )}
        {user && issue && slipWanted && (
          <Suspense fallback={null}>
            <BetSlipSheet
              gameId={gameId}
              family={family}
              preset={preset}
              issue={issue}
              items={sel.selectedItems}
              numbers={sel.numbers}
              open={slipOpen}
              disabled={!bettable}
              onClose={() => setSlipOpen(false)}
              onRemove={sel.toggle}
              onDone={sel.clear}
            />
          </Suspense>
        )}
      </BreakGate>
      {signedIn && bets.data && (
        <Suspense fallback={null}>
          <MyBetsPanel slips={bets.data} issue={issue} lastIssue={current.data?.last?.issue ?? null} />
        </Suspense>
      )}
      {trendOpen && (
        <Suspense fallback={null}>
          <TrendSheet
            gameId={gameId}
            family={family}
            lastIssue={current.data?.last?.issue ?? null}
            onClose={() => setTrendOpen(false)}
          />
        </Suspense>
      )}
    </main>
  );
}
