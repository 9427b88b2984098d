import { maskNickname } from '@fairdraw/domain';
import type { Lang, WinningItem } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
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
 * Recent real settled wins: the latest winning cash slips (demo wins are play money and are never shown), with the
 * winner's nickname masked. Never filled with invented entries.
 */
export async function recentWins(db: Db, limit: number, lang: Lang, currency: string): Promise<WinningItem[]> {
  // bet_cash_wins: the settled winning cash slips, written by the settlement (migration 0010).
  const rows = await db
    .selectFrom('bet_cash_wins')
    .innerJoin('bets', 'bets.id', 'bet_cash_wins.bet_id')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .innerJoin('games', 'games.id', 'bets.game_id')
    .select(['users.nickname', 'games.code', 'games.name', 'bets.payout', 'bets.settled_at'])
    .orderBy('bet_cash_wins.settled_at', 'desc')
    .orderBy('bet_cash_wins.bet_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    nickname: maskNickname(r.nickname),
    game_code: r.code,
    game_name: localize(r.name, lang),
    amount: r.payout ?? 0,
    currency,
    time: r.settled_at ? r.settled_at.getTime() : 0,
  }));
}
