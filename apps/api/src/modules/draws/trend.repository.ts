import type { Db } from '../../db/database.ts';

/** The reads of the trend and the long dragon: published results only (a period with a result: drawn or settled). */

/** The latest period of a game with a result: the trend's cache key. */
export function latestDrawn(db: Db, gameId: number) {
  return db
    .selectFrom('periods')
    .select(['id', 'issue'])
    .where('game_id', '=', gameId)
    .where('result', 'is not', null)
    .orderBy('draw_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest `limit` results of a game, newest first. */
export async function recentResults(db: Db, gameId: number, limit: number) {
  const rows = await db
    .selectFrom('periods')
    .select(['id', 'issue', 'result'])
    .where('game_id', '=', gameId)
    .where('result', 'is not', null)
    .orderBy('draw_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, issue: r.issue, result: r.result ?? [] }));
}

/** Enabled games in lobby order. */
export function enabledGames(db: Db) {
  return db
    .selectFrom('games')
    .select(['id', 'code', 'family'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The latest period with a result of each of these games (games with none are left out). */
export function latestDrawnOfGames(db: Db, gameIds: readonly number[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('periods')
    .distinctOn('game_id')
    .select(['game_id', 'id'])
    .where('game_id', 'in', [...gameIds])
    .where('result', 'is not', null)
    .orderBy('game_id')
    .orderBy('draw_at', 'desc')
    .execute();
}
