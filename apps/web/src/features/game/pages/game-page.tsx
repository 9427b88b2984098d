import '../../../styles/money.css';
import '../game.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceChip } from '../../../components/balance-chip.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { usePlayItems } from '../api/get-play-items.ts';
import { BetBar } from '../components/bet-bar.tsx';
import { BetSlipSheet } from '../components/bet-slip.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { LastResult } from '../components/last-result.tsx';
import { allInCount, NumberPicker } from '../components/number-picker.tsx';
import { PlayBoard } from '../components/play-board.tsx';
import { useGameParams } from '../lib/game-params.ts';
import { usePeriod } from '../lib/use-period.ts';
import { usePlaySelection } from '../lib/use-play-selection.ts';
import { PATHS, withQuery } from '../../../app/routes.ts';

// The trend sheet and its styles are their own chunk, fetched when a player first opens it.
const TrendSheet = lazy(() => import('../components/trend-sheet.tsx').then((m) => ({ default: m.TrendSheet })));

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
  const [trendOpen, setTrendOpen] = useState(false);

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
      {current.isPending ? (
        <div className="game-head">
          <Skeleton className="skeleton--line" />
        </div>
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <GameHeader
          period={current.data}
          rulesHref={withQuery(PATHS.rule, query)}
          historyHref={withQuery(PATHS.history, query)}
          onTrend={() => setTrendOpen(true)}
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
      {user && issue && (
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
