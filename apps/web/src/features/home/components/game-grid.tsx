import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameTile } from '@fairdraw/contract';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { Skeleton } from '../../../components/skeleton.tsx';
import { PATHS, withQuery } from '../../../lib/paths.ts';

const FALLBACK_IMAGE = '/art/logo.svg';

export function GameGrid({ games }: { games: GameTile[] }) {
  const { t } = useTranslation();
  if (games.length === 0) return <p className="empty">{t('home.gamesEmpty')}</p>;
  return (
    <ul className="game-grid">
      {games.map((g) => {
        const label = gameLabel(g, t);
        // Codes without a screen of their own open the lobby rather than a dead end.
        const href = gameHref(g) ?? withQuery(PATHS.lobby, { type: g.code, category_id: String(g.id) });
        return (
          <li key={g.id}>
            <Link to={href} className="game-tile" data-testid={`game-tile-${g.code}`}>
              <img
                className="game-tile__img"
                src={g.image || FALLBACK_IMAGE}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                onError={(e) => {
                  // A missing picture must not leave a broken-image icon: show the product mark instead.
                  if (!e.currentTarget.src.endsWith(FALLBACK_IMAGE)) e.currentTarget.src = FALLBACK_IMAGE;
                }}
              />
              <span className="game-tile__label">{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function GameGridSkeleton() {
  return (
    <ul className="game-grid" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <span className="game-tile">
            <Skeleton className="game-tile__img" />
            <Skeleton className="skeleton--line" />
          </span>
        </li>
      ))}
    </ul>
  );
}
