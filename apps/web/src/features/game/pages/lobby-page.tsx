import '../game.css';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameTile } from '@fairdraw/contract';
import { isTabRoot, PATHS, withQuery } from '../../../lib/paths.ts';
import { ErrorState, ListSkeleton } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { currentGameQuery } from '../api/get-current-game.ts';
import { useCategories } from '../api/get-categories.ts';
import { PhaseClock } from '../components/game-header.tsx';
import { LongDragonList } from '../components/long-dragon.tsx';
import { useGameEvents } from '../lib/use-game-clock.ts';

/**
 * /allGame and /lotteryLobby: every game by category, each with its current countdown. One events stream for the
 * whole list (every game's periods arrive on it and land in the query cache); while that stream is down,
 * useGameEvents('all') asks for each game shown over HTTP instead. Below the games, the long dragon: the streaks of
 * five draws or more, each one tap from its game.
 */
export function LobbyPage() {
  const { t } = useTranslation();
  const tabRoot = isTabRoot(useLocation().pathname);
  const lang = useLang();
  const cats = useCategories(lang);
  const stream = useGameEvents('all');
  const polling = stream === 'down';
  return (
    <main className="page" data-testid="lobby" data-stream={stream}>
      <TopBar title={tabRoot ? t('page.allGame') : t('page.lotteryLobby')} back={!tabRoot} />
      {cats.isPending ? (
        <ListSkeleton />
      ) : cats.isError ? (
        <ErrorState error={cats.error} onRetry={() => void cats.refetch()} />
      ) : (
        cats.data.map((c) => (
          <section key={c.id} className="section lobby-cat">
            <h2 className="section__title">{c.name}</h2>
            <ul className="lobby-list">
              {c.games.map((g) => (
                <LobbyGame key={g.id} game={g} polling={polling} />
              ))}
            </ul>
          </section>
        ))
      )}
      <LongDragonList />
    </main>
  );
}

/** One game's row. It re-renders when its period changes; only its PhaseClock ticks every second. */
function LobbyGame({ game, polling }: { game: GameTile; polling: boolean }) {
  const { t } = useTranslation();
  const current = useQuery({ ...currentGameQuery(game.id), enabled: polling });
  // While the stream is down, useGameEvents('all') polls every game shown here (this row's query is observed).
  const href = gameHref(game) ?? withQuery(PATHS.lobby, { type: game.code, category_id: String(game.id) });
  return (
    <li>
      <Link to={href} className="lobby-game" data-testid={`lobby-${game.code}`}>
        <img src={game.image || '/art/logo.svg'} alt="" width={48} height={48} className="lobby-game__img" />
        <span className="lobby-game__text">
          <span className="lobby-game__name">{gameLabel(game, t)}</span>
          <span className="muted num" data-testid="lobby-issue">
            {current.data?.issue ?? ''}
          </span>
        </span>
        {current.data ? <PhaseClock period={current.data} small /> : <span className="muted">…</span>}
      </Link>
    </li>
  );
}
