import { sql } from 'kysely';
import type { PeriodStatus } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';

const DAY_MS = 86_400_000;
/** 00:00 UTC of `YYYYMMDD` shifted by whole days. */
const dayOf = (ymd: string, days: number) =>
  new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))) + days * DAY_MS);

export type DrawsFilter = {
  gameId?: number | undefined;
  status?: PeriodStatus | undefined;
  /** Issue-date bounds, `YYYYMMDD`, inclusive. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** Without a status, periods not yet open (opening after this) are left out. */
  now: Date;
};

/**
 * One page (+1 row, to tell whether there is more) of periods, newest draw first. The seed is selected only for a
 * period with a result (docs/trust.md 13): a secret seed never leaves the database, for the console neither.
 */
export function drawsPage(db: Db, f: DrawsFilter, page: number, limit: number) {
  let q = db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select([
      'periods.id',
      'periods.game_id',
      'games.code',
      'games.family',
      'periods.issue',
      'periods.status',
      'periods.algorithm',
      'periods.commitment',
      'periods.beacon_value',
      'periods.result',
      'periods.open_at',
      'periods.draw_at',
      'periods.drawn_at',
      'periods.void_reason',
    ])
    .select(sql<Uint8Array | null>`case when periods.result is not null then periods.seed end`.as('seed'));
  if (f.gameId !== undefined) q = q.where('periods.game_id', '=', f.gameId);
  if (f.status !== undefined) q = q.where('periods.status', '=', f.status);
  else q = q.where('periods.open_at', '<=', f.now);
  // Issue numbers start with their draw's business date (YYYYMMDD-NNNN), so dates bound them as text. The draw
  // times of a date lie within a day either side of it in UTC whatever the zone (offsets are under 15 h): that wider
  // bound on draw_at lets the index find the day at once instead of walking back to it from the newest period.
  if (f.fromDate !== undefined)
    q = q.where('periods.issue', '>=', f.fromDate).where('periods.draw_at', '>=', dayOf(f.fromDate, -1));
  if (f.toDate !== undefined)
    q = q.where('periods.issue', '<=', `${f.toDate}-9999`).where('periods.draw_at', '<', dayOf(f.toDate, 2));
  return q
    .orderBy('periods.draw_at', 'desc')
    .orderBy('periods.id', 'desc')
    .offset((page - 1) * limit)
    .limit(limit + 1)
    .execute();
}

/** Cash slips per period: how many, their stakes, and what was paid back (wins, pushes, void refunds). */
export function cashTotals(db: Db, periodIds: readonly number[]) {
  if (periodIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bets')
    .select([
      'period_id',
      sql<string>`count(*)`.as('bets'),
      sql<string>`coalesce(sum(total), 0)`.as('stake'),
      sql<string>`coalesce(sum(payout), 0)`.as('payout'),
    ])
    .where('period_id', 'in', [...periodIds])
    .where('wallet', '=', 'cash')
    .groupBy('period_id')
    .execute();
}
