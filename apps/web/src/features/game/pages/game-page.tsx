import '../../../styles/money.css';
import '../game.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceChip } from '../../../components/balance-chip.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { usePlayItems } from '../api/get-play-items.ts';
import { BetBar } from '../components/bet-bar.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { LastResult } from '../components/last-result.tsx';
import { allInCount, NumberPicker } from '../components/number-picker.tsx';
import { PlayBoard } from '../components/play-board.tsx';
import { useGameParams } from '../lib/game-params.ts';
import { usePeriod } from '../lib/use-period.ts';
import { usePlaySelection } from '../lib/use-play-selection.ts';
import { PATHS, withQuery } from '../../../app/routes.ts';

// The bet slip (its form, the stake's schema on zod, the confirm dialog) is its own chunk, off the first load: it is
// fetched when the player first selects a play, so it is there, closed, before he opens it.
const BetSlipSheet = lazy(() => import('../components/bet-slip.tsx').then((m) => ({ default: m.BetSlipSheet })));

/** One screen for the five game routes: period, last result, plays, and the bet slip. */
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
  // Once wanted, the slip stays mounted (closed between bets), keeping its stake and its idempotency keys.
  const [slipWanted, setSlipWanted] = useState(false);
  if (!slipWanted && (slipOpen || sel.selectedItems.length > 0)) setSlipWanted(true);

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
        />
      )}
      <LastResult family={family} game={current.data} />
      <PlayBoard
        plays={plays}
        group={sel.group}
        onGroup={sel.setGroupCode}
        selected={sel.selected}
        numbers={sel.numbers}
        bettable={bettable}
        onTap={sel.tap}
      />
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
    </main>
  );
}
