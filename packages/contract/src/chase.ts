import { z } from 'zod';
import { minorAmount, pageQuery, rowId } from './common.ts';
import { betRequest } from './bet.ts';

/** A chase runs over this many periods at least and at most. */
export const CHASE_PERIODS_MIN = 2;
export const CHASE_PERIODS_MAX = 50;
/** The largest multiplier of one period's slip. */
export const CHASE_MULTIPLIER_MAX = 1000;

/**
 * A chase: the slip of `POST /api/game/bet` (`issue` is the open period it starts on) placed again on each of the
 * game's next periods, `periods` in all. `multipliers` (one per period, default 1 each) multiply every item's amount
 * of that period's slip. The whole stake is taken when the chase is placed; with `stop_on_win`, a won slip
 * stops the chase and the periods not yet placed go back to the balance.
 */
export const chaseRequest = betRequest
  .extend({
    periods: z
      .number({ error: 'CHASE_PERIODS_INVALID' })
      .int('CHASE_PERIODS_INVALID')
      .min(CHASE_PERIODS_MIN, 'CHASE_PERIODS_INVALID')
      .max(CHASE_PERIODS_MAX, 'CHASE_PERIODS_INVALID'),
    multipliers: z
      .array(
        z
          .number({ error: 'CHASE_MULTIPLIER_INVALID' })
          .int('CHASE_MULTIPLIER_INVALID')
          .min(1, 'CHASE_MULTIPLIER_INVALID')
          .max(CHASE_MULTIPLIER_MAX, 'CHASE_MULTIPLIER_INVALID'),
        { error: 'CHASE_MULTIPLIER_INVALID' },
      )
      .max(CHASE_PERIODS_MAX, 'CHASE_MULTIPLIER_INVALID')
      .optional(),
    stop_on_win: z.boolean({ error: 'VALIDATION_FAILED' }).optional(),
  })
  .refine((v) => v.multipliers === undefined || v.multipliers.length === v.periods, {
    message: 'CHASE_MULTIPLIER_INVALID',
    path: ['multipliers'],
  });
export type ChaseRequest = z.infer<typeof chaseRequest>;

export const CHASE_STATUSES = ['active', 'done', 'won', 'cancelled', 'refused'] as const;
export type ChaseStatus = (typeof CHASE_STATUSES)[number];
/** A period of a chase: waiting for its period, placed (its slip), refunded (never placed), or void (its slip's period was voided and the slip refunded). */
export const CHASE_PERIOD_STATES = ['pending', 'placed', 'refunded', 'void'] as const;
export type ChasePeriodState = (typeof CHASE_PERIOD_STATES)[number];

const chasePeriod = z.object({
  seq: z.number().int(),
  multiplier: z.number().int(),
  amount: minorAmount,
  state: z.enum(CHASE_PERIOD_STATES),
  /** Once placed: the slip, its issue and how it stands. */
  slip_id: z.number().int().nullable(),
  issue: z.string().nullable(),
  slip_status: z.enum(['unsettled', 'won', 'lost', 'push', 'void']).nullable(),
  payout: minorAmount.nullable(),
});
export type ChasePeriod = z.infer<typeof chasePeriod>;

export const chase = z.object({
  id: z.number().int(),
  games_id: z.number().int(),
  game_name: z.string(),
  periods: z.number().int(),
  stop_on_win: z.boolean(),
  /** One period's slip at multiplier 1. */
  slip_total: minorAmount,
  /** The whole stake taken when the chase was placed. */
  total: minorAmount,
  /** What went back to the balance when it stopped (cancelled, won, refused). */
  refunded: minorAmount,
  status: z.enum(CHASE_STATUSES),
  /** Why a refused chase stopped: the refusal's error key. */
  stop_reason: z.string().nullable(),
  created_at: z.number().int(),
  ended_at: z.number().int().nullable(),
  items: z.array(
    z.object({
      play_id: z.number().int(),
      amount: minorAmount,
      numbers: z.array(z.number().int()).optional(),
    }),
  ),
  list: z.array(chasePeriod),
});
export type Chase = z.infer<typeof chase>;

export const chaseListQuery = pageQuery;
export type ChaseListQuery = z.infer<typeof chaseListQuery>;

export const chaseCancelRequest = z.object({ id: rowId('CHASE_NOT_FOUND') });
export type ChaseCancelRequest = z.infer<typeof chaseCancelRequest>;
