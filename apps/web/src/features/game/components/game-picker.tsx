import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withQuery, type ListedPath } from '../../../lib/paths.ts';
import { ErrorState, ListSkeleton } from '../../../components/states.tsx';
import { gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useCategories } from '../api/get-categories.ts';

/**
 * A screen about one game opened without one (`/history`, `/rule` with no `?type`): every game, by category, each
 * opening this same screen for that game.
 */
export function GamePicker({ path }: { path: ListedPath }) {
  const { t } = useTranslation();
  const lang = useLang();
  const cats = useCategories(lang);
  if (cats.isPending) return <ListSkeleton />;
  if (cats.isError) return <ErrorState error={cats.error} onRetry={() => void cats.refetch()} />;
  return (
    <div data-testid="game-picker">
      <h2 className="section__title page-actions">{t('draw.chooseGame')}</h2>
      {cats.data.map((c) => (
        <section key={c.id} className="section lobby-cat">
          <h2 className="section__title">{c.name}</h2>
          <ul className="lobby-list">
            {c.games.map((g) => (
              <li key={g.id}>
                <Link
                  to={withQuery(path, { type: g.code, category_id: String(g.id) })}
                  className="lobby-game"
                  data-testid={`pick-${g.code}`}
                >
                  <img src={g.image || '/art/logo.svg'} alt="" width={40} height={40} className="lobby-game__img" />
                  <span className="lobby-game__name">{gameLabel(g, t)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
