import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Periods: the public reads (never the seed of a period without a result, docs/trust.md 13) and the scheduler's
 * transitions, each one conditional UPDATE (… WHERE status = <expected>) so that running it twice changes nothing.
 */

/** The period whose draw is next (not void). Its seed is not selected: it is secret until drawn. */
export function nextPeriod(db: Db, gameId: number, now: Date) {
  return db
    .selectFrom('periods')
    .select(['issue', 'status', 'open_at', 'seal_at', 'draw_at', 'commitment', 'algorithm'])
    .where('game_id', '=', gameId)
    .where('draw_at', '>', now)
    .where('status', '!=', 'void')
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
}

/** The issue of the period whose draw is next, whatever its status (the play list's draw date). */
export function nextIssue(db: Db, gameId: number, now: Date) {
  return db
    .selectFrom('periods')
    .select(['issue', 'open_at'])
    .where('game_id', '=', gameId)
    .where('draw_at', '>', now)
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
}

/** The last period with a result (seed revealed). */
export function lastDrawnPeriod(db: Db, gameId: number) {
  return db
    .selectFrom('periods')
    .select(['issue', 'result', 'seed', 'commitment'])
    .where('game_id', '=', gameId)
    .where('result', 'is not', null)
    .orderBy('draw_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One page (+1 row, to tell whether there is more) of the periods with a result, newest first. */
export function drawnPeriodsPage(db: Db, gameId: number, page: number, limit: number) {
  return db
    .selectFrom('periods')
    .select(['issue', 'result', 'seed', 'commitment', 'algorithm', 'beacon_value', 'draw_at'])
    .where('game_id', '=', gameId)
    .where('result', 'is not', null)
    .orderBy('draw_at', 'desc')
    .offset((page - 1) * limit)
    .limit(limit + 1)
    .execute();
}

/** One period by its issue, every column (the caller reveals the seed only once there is a result). */
export function periodByIssue(db: Db, gameId: number, issue: string) {
  return db
    .selectFrom('periods')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('issue', '=', issue)
    .executeTakeFirst();
}

/** The issues a game already has with a draw time in [from, to]. */
export async function issuesDrawnBetween(db: Db, gameId: number, from: Date, to: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('periods')
    .select('issue')
    .where('game_id', '=', gameId)
    .where('draw_at', '>=', from)
    .where('draw_at', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.issue));
}

export type NewPeriod = {
  game_id: number;
  issue: string;
  open_at: Date;
  seal_at: Date;
  draw_at: Date;
  commitment: string;
  seed: Uint8Array;
  algorithm: string;
};

/** Inserts the periods no one created meanwhile (UNIQUE (game_id, issue), ON CONFLICT DO NOTHING): those returned. */
export function insertPeriods(db: Db, periods: readonly NewPeriod[]) {
  return db
    .insertInto('periods')
    .values([...periods])
    .onConflict((oc) => oc.columns(['game_id', 'issue']).doNothing())
    .returning(['id', 'issue'])
    .execute();
}

/** scheduled → open for every period whose open_at has come. */
export function openDuePeriods(db: Db, now: Date) {
  return db
    .updateTable('periods')
    .set({ status: 'open', opened_at: now })
    .where('status', '=', 'scheduled')
    .where('open_at', '<=', now)
    .returning(['id', 'game_id', 'issue'])
    .execute();
}

/** open → sealed for every period whose seal_at has come. */
export function sealDuePeriods(db: Db, now: Date) {
  return db
    .updateTable('periods')
    .set({ status: 'sealed', sealed_at: now })
    .where('status', '=', 'open')
    .where('seal_at', '<=', now)
    .returning(['id', 'game_id', 'issue'])
    .execute();
}

/** Sealed periods whose draw time has come, oldest first, with their committed seed and their game. */
export function periodsDueForDraw(db: Db, now: Date) {
  return db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select([
      'periods.id',
      'periods.game_id',
      'periods.issue',
      'periods.seed',
      'periods.beacon_value',
      'games.code',
      'games.family',
    ])
    .where('periods.status', '=', 'sealed')
    .where('periods.draw_at', '<=', now)
    .orderBy('periods.draw_at')
    .execute();
}

/** sealed → drawn with its result; false when the period was no longer sealed (another tick drew it). */
export async function markDrawn(db: Db, periodId: number, result: readonly number[], now: Date): Promise<boolean> {
  const row = await db
    .updateTable('periods')
    .set({ status: 'drawn', result: sql<number[]>`${[...result]}::integer[]`, drawn_at: now })
    .where('id', '=', periodId)
    .where('status', '=', 'sealed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
