import type { Db } from '../../db/database.ts';
import type { PeriodEventBus } from './events.ts';

/**
 * What settles the periods the scheduler drew: the bets module's settlement, wired by app.ts. Draws never imports
 * bets (bets builds on periods), so the scheduler's settle loop finds it here, one per database (one per app).
 */
export type PeriodSettler = (
  db: Db,
  now: Date,
  events: PeriodEventBus | undefined,
) => Promise<{ periods: number; slips: number }>;

const settlers = new WeakMap<Db, PeriodSettler>();

export function setPeriodSettler(db: Db, settle: PeriodSettler): void {
  settlers.set(db, settle);
}

/** The settler wired to `db`, or undefined (the settle loop then only purges expired idempotency keys). */
export function periodSettler(db: Db): PeriodSettler | undefined {
  return settlers.get(db);
}
