import { z } from 'zod';
import { minorAmount, pageQuery, queryRowId } from './common.ts';
import { PERIOD_STATUSES, periodRecordFields } from './game.ts';

/** A business date in a query string, `YYYY-MM-DD` (the date part of an issue number). */
const queryDate = z
  .string()
  .max(10, 'VALIDATION_FAILED')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'VALIDATION_FAILED')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'VALIDATION_FAILED');

/**
 * GET /api/admin/draws/list: every period of every game, newest draw first. `games_id` one game; `status` one status
 * (periods not yet open are listed only when asked for with `scheduled`); `from`/`to` the dates of the draws
 * (issue dates, inclusive).
 */
export const adminDrawsQuery = pageQuery.extend({
  games_id: queryRowId('NOT_FOUND').optional(),
  status: z.enum(PERIOD_STATUSES).optional(),
  from: queryDate.optional(),
  to: queryDate.optional(),
});
export type AdminDrawsQuery = z.infer<typeof adminDrawsQuery>;

/**
 * One period as the draws audit shows it: the public record (the seed only once there is a result) and the cash
 * money on it — stakes, what was paid back (wins, pushes, refunds of a void), the number of slips.
 */
export const adminDraw = z.object({
  id: z.number().int(),
  ...periodRecordFields,
  beacon: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
  open_at: z.number().int(),
  draw_at: z.number().int(),
  drawn_at: z.number().int().nullable(),
  void_reason: z.string().nullable(),
  bets: z.number().int(),
  stake_total: minorAmount,
  payout_total: minorAmount,
});
export type AdminDraw = z.infer<typeof adminDraw>;
