import { sql } from 'kysely';
import { maskNickname } from '@fairdraw/domain';
import type { Lang, LocalizedTexts, WinningItem } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';

/** The banners live at `now` (enabled, started, not ended), in their order. */
export async function listBanners(db: Db, now: Date) {
  return db
    .selectFrom('banners')
    .select(['image', 'images', 'url', 'title'])
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The next instant after `now` at which an enabled banner starts or ends, or null. */
export async function nextBannerChange(db: Db, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('banners')
    .select((eb) =>
      eb.fn
        .min(
          sql<Date | null>`least(case when starts_at > ${now} then starts_at end, case when ends_at > ${now} then ends_at end)`,
        )
        .as('next'),
    )
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

export async function latestNotice(db: Db) {
  return db
    .selectFrom('notices')
    .select(['id', 'body'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function lockNotice(trx: Db, id: number) {
  return trx.selectFrom('notices').select(['id', 'body']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateNotice(trx: Db, id: number, body: LocalizedTexts) {
  await trx
    .updateTable('notices')
    .set({ body: JSON.stringify(body) })
    .where('id', '=', id)
    .execute();
}

export async function insertNotice(trx: Db, body: LocalizedTexts) {
  await trx
    .insertInto('notices')
    .values({ body: JSON.stringify(body), sort: 0 })
    .execute();
}

const BANNER_COLUMNS = ['id', 'image', 'images', 'url', 'title', 'starts_at', 'ends_at', 'sort', 'enabled'] as const;

/** Every banner, live or not, in their order (the console's list). */
export async function allBanners(db: Db) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).orderBy('sort').orderBy('id').execute();
}
export type BannerRow = Awaited<ReturnType<typeof allBanners>>[number];

export async function lockBanner(trx: Db, id: number): Promise<BannerRow | undefined> {
  return trx.selectFrom('banners').select(BANNER_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type BannerValues = {
  image: string;
  images: Partial<Record<Lang, string>>;
  url: string | null;
  title: LocalizedTexts;
  starts_at: Date | null;
  ends_at: Date | null;
  sort: number;
  enabled: boolean;
};

const bannerRow = (v: BannerValues) => ({ ...v, images: JSON.stringify(v.images), title: JSON.stringify(v.title) });

export async function insertBanner(trx: Db, v: BannerValues): Promise<BannerRow> {
  return trx.insertInto('banners').values(bannerRow(v)).returning(BANNER_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateBanner(trx: Db, id: number, v: BannerValues): Promise<BannerRow> {
  return trx
    .updateTable('banners')
    .set(bannerRow(v))
    .where('id', '=', id)
    .returning(BANNER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteBanner(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('banners').where('id', '=', id).execute();
}

/**
 * Recent real settled wins: the latest winning cash slips that came out ahead (demo wins are play money and are never
 * shown), each with what it won net of its stake and the winner's nickname masked. A slip that won one play but paid
 * back less than it staked is no win to show. Never filled with invented entries.
 */
export async function recentWins(db: Db, limit: number, lang: Lang, currency: string): Promise<WinningItem[]> {
  // bet_cash_wins: the settled winning cash slips, written by the settlement (migration 0010).
  const rows = await db
    .selectFrom('bet_cash_wins')
    .innerJoin('bets', 'bets.id', 'bet_cash_wins.bet_id')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .innerJoin('games', 'games.id', 'bets.game_id')
    .select(['users.nickname', 'games.code', 'games.name', 'bets.payout', 'bets.total', 'bets.settled_at'])
    .whereRef('bets.payout', '>', 'bets.total')
    .orderBy('bet_cash_wins.settled_at', 'desc')
    .orderBy('bet_cash_wins.bet_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    nickname: maskNickname(r.nickname),
    game_code: r.code,
    game_name: localize(r.name, lang),
    amount: (r.payout ?? 0) - r.total,
    currency,
    time: r.settled_at ? r.settled_at.getTime() : 0,
  }));
}
