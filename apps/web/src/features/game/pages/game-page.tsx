import '../../../styles/money.css';
import '../game.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayItem } from '@fairdraw/contract';
import { BalanceChip } from '../../../components/balance-chip.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { startGuest } from '../../../lib/session.ts';
import { useCurrentGame } from '../api/get-current-game.ts';
import { usePlayItems } from '../api/get-play-items.ts';
import { BetSlipSheet } from '../components/bet-slip.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { allInCount, NumberPicker } from '../components/number-picker.tsx';
import { ResultView } from '../components/results.tsx';
import { useGameParams } from '../lib/game-params.ts';
import { useGameEvents, usePhaseKind } from '../lib/use-game-clock.ts';

/** One screen for the five game routes: period, last result, plays, and the bet slip. */
export function GamePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const { code, gameId, family, label, query } = useGameParams();
  const current = useCurrentGame(gameId);
  const plays = usePlayItems(gameId, lang);
  const stream = useGameEvents(gameId);
  // The page re-renders when the phase changes (open → sealed → drawing), not every second: the countdown in the
  // header ticks by itself.
  const phase = usePhaseKind(current.data);
  const bettable = phase === 'open';
  const issue = current.data?.issue ?? null;

  // The stream brings the next period after the draw; while it is down, useGameEvents polls instead. With it, ask
  // again only if the next period is long in coming (an event lost on the way).
  const { refetch } = current;
  const stale = phase === 'drawing' || (phase === 'none' && !!current.data);
  const live = stream === 'live';
  useEffect(() => {
    if (!stale || !live) return;
    const id = window.setInterval(() => void refetch(), 20_000);
    return () => window.clearInterval(id);
  }, [stale, live, refetch]);

  const groups = useMemo(() => plays.data ?? [], [plays.data]);
  const [groupCode, setGroupCode] = useState<string | null>(null);
  const group = groups.find((g) => g.group.code === groupCode) ?? groups[0];
  const [selected, setSelected] = useState<number[]>([]);
  const [slipOpen, setSlipOpen] = useState(false);
  const byId = useMemo(() => new Map(groups.flatMap((g) => g.items.map((i) => [i.id, i] as const))), [groups]);
  const selectedItems = selected.map((id) => byId.get(id)).filter((i): i is PlayItem => !!i);

  // A new period starts with an empty selection only after a bet; a selection made late carries over.
  const toggle = useCallback(
    (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    [],
  );
  // Mark Six all-in: tapping the play first asks for its 2 or 3 numbers; they travel with the item.
  const [numbers, setNumbers] = useState<Record<number, number[]>>({});
  const [picking, setPicking] = useState<PlayItem | null>(null);
  const tap = (item: PlayItem) => {
    if (allInCount(item.code) && !selected.includes(item.id)) setPicking(item);
    else toggle(item.id);
  };

  const guest = useMutation({ mutationFn: startGuest });

  if (!gameId || !family) {
    return (
      <main className="page">
        <TopBar title={label} />
        <NoticeState text={t('draw.unknownGame')} testId="game-unknown">
          <Link to="/" className="btn btn--ghost">
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
        <GameHeader period={current.data} rulesHref={`/rule?${query}`} historyHref={`/history?${query}`} />
      )}
      <section className="last-result" aria-label={t('draw.last')} data-testid="last-result">
        {current.data?.last ? (
          <>
            <span className="last-result__issue">
              {t('draw.lastOf')} <span className="num">{current.data.last.issue}</span>
            </span>
            <ResultView
              key={current.data.last.issue}
              family={family}
              result={current.data.last.result}
              zodiac={current.data.last.zodiac}
            />
          </>
        ) : current.data ? (
          <span className="muted">{t('draw.noResult')}</span>
        ) : (
          <Skeleton className="skeleton--line" />
        )}
      </section>

      {plays.isPending ? (
        <div className="play-grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="play-cell play-cell--skeleton" />
          ))}
        </div>
      ) : plays.isError ? (
        <ErrorState error={plays.error} onRetry={() => void plays.refetch()} />
      ) : group ? (
        <>
          <Tabs
            label={t('draw.groups')}
            items={groups.map((g) => ({ key: g.group.code, label: g.group.name, testId: `group-${g.group.code}` }))}
            value={group.group.code}
            onChange={setGroupCode}
          />
          <div className="play-grid" role="group" aria-label={group.group.name}>
            {group.items.map((item) => {
              const on = selected.includes(item.id);
              return (
                <button
                  key={item.id}
                  type="button"
                  className="play-cell"
                  aria-pressed={on}
                  disabled={!bettable}
                  data-testid={`play-${item.code}`}
                  onClick={() => tap(item)}
                >
                  {on && (
                    <span className="play-cell__check" aria-hidden="true">
                      ✓
                    </span>
                  )}
                  <span className="play-cell__name">{shortName(item.name, group.group.name)}</span>
                  {on && numbers[item.id] && (
                    <span className="play-cell__numbers num" data-testid="play-numbers">
                      {numbers[item.id]?.join(' ')}
                    </span>
                  )}
                  <span className="play-cell__odds num">{item.odds}</span>
                </button>
              );
            })}
          </div>
        </>
      ) : (
        <p className="empty">{t('draw.noPlays')}</p>
      )}

      <div className="bet-bar" data-testid="bet-bar">
        {!user ? (
          <div className="bet-bar__guest">
            <p className="bet-bar__text">{t('bet.needLogin')}</p>
            <div className="bet-bar__actions">
              <Link to="/login" className="btn btn--primary btn--small">
                {t('home.login')}
              </Link>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-testid="bet-try-demo"
                disabled={guest.isPending}
                onClick={() => guest.mutate()}
              >
                {t('auth.guest')}
              </button>
            </div>
            {guest.error && (
              <p className="form-error" role="alert">
                {guest.error instanceof ApiError ? guest.error.message : t('common.offline')}
              </p>
            )}
          </div>
        ) : (
          <>
            <span className="bet-bar__text">
              {bettable ? t('bet.selected', { n: selectedItems.length }) : t('bet.closed')}
            </span>
            {selectedItems.length > 0 && (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setSelected([])}>
                {t('bet.clear')}
              </button>
            )}
            <button
              type="button"
              className="btn btn--primary"
              data-testid="bet-open"
              disabled={selectedItems.length === 0 || !bettable}
              onClick={() => setSlipOpen(true)}
            >
              {t('bet.open')}
            </button>
          </>
        )}
      </div>
      {picking && (
        <NumberPicker
          open
          title={picking.name}
          count={allInCount(picking.code) ?? 2}
          onCancel={() => setPicking(null)}
          onDone={(n) => {
            setNumbers((m) => ({ ...m, [picking.id]: n }));
            setSelected((s) => (s.includes(picking.id) ? s : [...s, picking.id]));
            setPicking(null);
          }}
        />
      )}
      {user && issue && (
        <BetSlipSheet
          gameId={gameId}
          issue={issue}
          items={selectedItems}
          numbers={numbers}
          open={slipOpen}
          disabled={!bettable}
          onClose={() => setSlipOpen(false)}
          onRemove={toggle}
          onDone={() => setSelected([])}
        />
      )}
    </main>
  );
}

/** A cell inside its group's tab needs no repeat of the group's name ("Position 1: car 3" → "car 3"). */
function shortName(name: string, group: string): string {
  for (const sep of [': ', ':', ' - ', ' ']) {
    if (name.startsWith(group + sep) && name.length > group.length + sep.length)
      return name.slice(group.length + sep.length);
  }
  return name;
}
