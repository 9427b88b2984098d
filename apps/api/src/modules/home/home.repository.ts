import type { WinningItem } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';

export async function listBanners(db: Db) {
  return db
    .selectFrom('banners')
    .select(['image', 'url', 'title'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function latestNotice(db: Db) {
  return db
    .selectFrom('notices')
    .select(['body'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Recent real settled wins. There are no bets in this codebase yet, so there are none; the bets issue replaces
 * this with a query over settled winning bets. Never fill it with invented entries.
 */
export function recentWins(_db: Db, _limit: number): Promise<WinningItem[]> {
  return Promise.resolve([]);
}
