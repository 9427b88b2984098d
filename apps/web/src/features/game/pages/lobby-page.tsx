import '../game.css';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { isTabRoot } from '../../../app/routes.ts';
import { useTranslation } from 'react-i18next';
import type { GameTile } from '@fairdraw/contract';
import { ErrorState, ListSkeleton } from '../../../components/states.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useCategories, useCurrentGame } from '../api/game-api.ts';
import { PhaseClock } from '../components/game-header.tsx';
import { phaseAt } from '../lib/derive.ts';
import { useServerNow } from '../lib/use-game-clock.ts';

/** /allGame and /lotteryLobby: every game by category, each with its current countdown. */
export function LobbyPage() {
  const { t } = useTranslation();
  const tabRoot = isTabRoot(useLocation().pathname);
  const lang = useLang();
  const cats = useCategories(lang);
  return (
    <main className="page">
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
                <LobbyGame key={g.id} game={g} />
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}

function LobbyGame({ game }: { game: GameTile }) {
  const { t } = useTranslation();
  const current = useCurrentGame(game.id);
  const now = useServerNow(current.data?.offset ?? 0);
  const phase = current.data ? phaseAt(current.data, now) : null;
  // One request per game, again only once its period is over (no event stream per tile: browsers allow six
  // connections per origin).
  const { refetch } = current;
  const over = phase?.kind === 'drawing' || phase?.kind === 'none';
  useEffect(() => {
    if (!over) return;
    const id = window.setInterval(() => void refetch(), 5000);
    return () => window.clearInterval(id);
  }, [over, refetch]);
  const href =
    gameHref(game) ?? `/lotteryLobby?${new URLSearchParams({ type: game.code, category_id: String(game.id) })}`;
  return (
    <li>
      <Link to={href} className="lobby-game" data-testid={`lobby-${game.code}`}>
        <img src={game.image || '/art/logo.svg'} alt="" width={48} height={48} className="lobby-game__img" />
        <span className="lobby-game__text">
          <span className="lobby-game__name">{gameLabel(game, t)}</span>
          <span className="muted num">{current.data?.issue ?? ''}</span>
        </span>
        {phase ? <PhaseClock phase={phase} small /> : <span className="muted">…</span>}
      </Link>
    </li>
  );
}
