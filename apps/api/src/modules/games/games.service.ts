import type { GameCategory, GameTile, Lang } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './games.repository.ts';

export async function gameTiles(db: Db, lang: Lang): Promise<GameTile[]> {
  const rows = await repo.listGames(db);
  return rows.map((g) => ({
    id: g.id,
    code: g.code,
    name: localize(g.name, lang),
    image: g.image,
    family: g.family,
    category_id: g.category_id,
  }));
}

/** Categories with their enabled games; a category without games is still listed (the lobby shows it empty). */
export async function categories(db: Db, lang: Lang): Promise<GameCategory[]> {
  const [cats, tiles] = await Promise.all([repo.listCategories(db), gameTiles(db, lang)]);
  return cats.map((c) => ({
    id: c.id,
    code: c.code,
    name: localize(c.name, lang),
    games: tiles.filter((t) => t.category_id === c.id),
  }));
}
