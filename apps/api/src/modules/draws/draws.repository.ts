import type { Db } from '../../db/database.ts';

/** The games a live stream follows: one game by id (none if unknown), or every enabled game in lobby order. */
export function streamGames(db: Db, only: number | undefined): Promise<{ id: number }[]> {
  if (only !== undefined) return db.selectFrom('games').select('id').where('id', '=', only).execute();
  return db.selectFrom('games').select('id').where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}
