import { sql } from 'kysely';
import type { Db, LocalizedText } from '../../db/database.ts';
import type { ChasePeriodStatus, ChaseStatus } from '../../db/tables-bets.ts';

export type ChaseRow = {
  id: number;
  user_id: number;
  game_id: number;
  items: unknown;
  slip_total: number;
  periods: number;
  stop_on_win: boolean;
  total: number;
  refunded: number;
  status: ChaseStatus;
  stop_reason: string | null;
  last_draw_at: Date | null;
  created_at: Date;
  ended_at: Date | null;
};

export type ChasePeriodRow = {
  id: number;
  chase_id: number;
  seq: number;
  multiplier: number;
  amount: number;
  status: ChasePeriodStatus;
  bet_id: number | null;
  issue: string | null;
  placed_at: Date | null;
  slip_status: string | null;
  payout: number | null;
};

export async function insertChase(
  trx: Db,
  row: {
    user_id: number;
    game_id: number;
    items: string;
    slip_total: number;
    periods: number;
    stop_on_win: boolean;
    total: number;
    created_at: Date;
  },
  periods: readonly { multiplier: number; amount: number }[],
): Promise<number> {
  const { id } = await trx.insertInto('chases').values(row).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('chase_periods')
    .values(periods.map((p, i) => ({ chase_id: id, seq: i + 1, multiplier: p.multiplier, amount: p.amount })))
    .execute();
  return id;
}

/** The chase, locked FOR UPDATE (after its player's row: db/player-lock.ts); undefined when not his. */
export async function lockChase(trx: Db, chaseId: number, userId: number): Promise<ChaseRow | undefined> {
  return trx
    .selectFrom('chases')
    .selectAll()
    .where('id', '=', chaseId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function chasePeriods(db: Db, chaseIds: readonly number[]): Promise<ChasePeriodRow[]> {
  if (chaseIds.length === 0) return [];
  return db
    .selectFrom('chase_periods as c')
    .leftJoin('bet_results as b', 'b.id', 'c.bet_id')
    .selectAll('c')
    .select(['b.status as slip_status', 'b.payout'])
    .where('c.chase_id', 'in', chaseIds)
    .orderBy('c.chase_id')
    .orderBy('c.seq')
    .execute();
}

export async function chasesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('chases as c')
    .innerJoin('games as g', 'g.id', 'c.game_id')
    .selectAll('c')
    .select('g.name as game_name')
    .where('c.id', 'in', ids)
    .orderBy('c.id', 'desc')
    .execute();
}

/** A page of the player's chases, newest first (one more id than asked: has_more). */
export async function listUserChaseIds(db: Db, userId: number, page: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chases')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The next period of a chase to place: the pending one with the lowest seq. */
export async function nextPendingPeriod(trx: Db, chaseId: number) {
  return trx
    .selectFrom('chase_periods')
    .select(['id', 'seq', 'multiplier', 'amount'])
    .where('chase_id', '=', chaseId)
    .where('status', '=', 'pending')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a slip the chase placed has been settled won. */
export async function chaseHasWon(trx: Db, chaseId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('chase_periods as c')
    .innerJoin('bet_results as b', 'b.id', 'c.bet_id')
    .select('c.id')
    .where('c.chase_id', '=', chaseId)
    .where('b.status', '=', 'won')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markPlaced(
  trx: Db,
  chasePeriodId: number,
  placed: { betId: number; issue: string; at: Date; drawAt: Date; chaseId: number; last: boolean },
): Promise<void> {
  await trx
    .updateTable('chase_periods')
    .set({ status: 'placed', bet_id: placed.betId, issue: placed.issue, placed_at: placed.at })
    .where('id', '=', chasePeriodId)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('chases')
    .set({
      last_draw_at: placed.drawAt,
      ...(placed.last ? { status: 'done' as const, ended_at: placed.at } : {}),
    })
    .where('id', '=', placed.chaseId)
    .execute();
}

/** Every pending period of the chase becomes refunded; answers how many and their stake. */
export async function refundPending(trx: Db, chaseId: number): Promise<{ periods: number; amount: number }> {
  const rows = await trx
    .updateTable('chase_periods')
    .set({ status: 'refunded' })
    .where('chase_id', '=', chaseId)
    .where('status', '=', 'pending')
    .returning('amount')
    .execute();
  return { periods: rows.length, amount: rows.reduce((s, r) => s + Number(r.amount), 0) };
}

export async function endChase(
  trx: Db,
  chaseId: number,
  end: { status: ChaseStatus; reason: string | null; refunded: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('chases')
    .set({ status: end.status, stop_reason: end.reason, refunded: end.refunded, ended_at: end.at })
    .where('id', '=', chaseId)
    .execute();
}

/**
 * The active chases with a period to place now: their game's open period, before its seal at `now`, drawn after the
 * last period each placed; a chase that stops on a win, only once its last slip is settled. (Candidates only: each
 * is decided again under the chase's lock.)
 */
export async function dueChases(db: Db, now: Date, limit: number): Promise<{ id: number; user_id: number }[]> {
  const { rows } = await sql<{ id: number; user_id: number }>`
    select c.id, c.user_id from chases c
    join periods p on p.game_id = c.game_id and p.status = 'open'
     and p.open_at <= ${now} and p.seal_at > ${now}
     and (c.last_draw_at is null or p.draw_at > c.last_draw_at)
    where c.status = 'active'
      -- A chase that stops on a win waits for its last slip's result: a win stops it before its next slip.
      and not (c.stop_on_win and exists (select 1 from chase_periods cp join bet_results b on b.id = cp.bet_id
                                         where cp.chase_id = c.id and b.status = 'unsettled'))
    order by c.id limit ${limit}`.execute(db);
  return rows;
}

/** The active chases that stop on a win and have a slip settled won. */
export async function wonChases(db: Db, limit: number): Promise<{ id: number; user_id: number }[]> {
  const { rows } = await sql<{ id: number; user_id: number }>`
    select c.id, c.user_id from chases c
    where c.status = 'active' and c.stop_on_win
      and exists (select 1 from chase_periods cp join bet_results b on b.id = cp.bet_id
                  where cp.chase_id = c.id and b.status = 'won')
    order by c.id limit ${limit}`.execute(db);
  return rows;
}

/** The game's period that takes bets at `now` (open, before its seal), drawn after `after` when given. */
export async function openPeriodOf(db: Db, gameId: number, now: Date, after: Date | null) {
  let q = db
    .selectFrom('periods')
    .select(['id', 'issue', 'status', 'open_at', 'seal_at', 'draw_at'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('open_at', '<=', now)
    .where('seal_at', '>', now);
  if (after) q = q.where('draw_at', '>', after);
  return q.orderBy('draw_at').limit(1).executeTakeFirst();
}

/** A game's name in every language (the chase_stopped message names it). */
export async function gameName(db: Db, gameId: number): Promise<LocalizedText | undefined> {
  const row = await db.selectFrom('games').select('name').where('id', '=', gameId).executeTakeFirst();
  return row?.name;
}
