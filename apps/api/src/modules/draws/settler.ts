import type { Db } from '../../db/database.ts';
import type { PeriodEventBus } from './events.ts';

/**
 * What settles the periods the scheduler drew: the bets module's settlement, handed to the draws plugin by app.ts
 * (draws never imports bets, which builds on periods).
 */
export type PeriodSettler = (
  db: Db,
  now: Date,
  events: PeriodEventBus | undefined,
) => Promise<{ periods: number; slips: number }>;
