import { z } from 'zod';
import { minorAmount, pageQuery, queryRowId, rowId } from './common.ts';
import { ISSUE_PATTERN, MARK_SIX_ZODIACS } from './game.ts';
import { RECHARGE_RANGES } from './values.ts';

/**
 * A bet slip: every item of one period of one game, accepted or refused whole. Amounts are integer minor units.
 * `numbers` carries the chosen balls of a Mark Six all-in play (two or three numbers); other plays need none.
 */
export const betRequest = z.object({
  games_id: rowId('GAME_NOT_FOUND'),
  issue: z.string({ error: 'REQUIRED_FIELDS' }).regex(ISSUE_PATTERN, 'PERIOD_NOT_CURRENT'),
  items: z
    .array(
      z.object({
        play_id: rowId('PLAY_NOT_FOUND'),
        amount: z
          .number({ error: 'AMOUNT_REQUIRED' })
          .int('AMOUNT_INVALID')
          .min(0, 'AMOUNT_INVALID')
          .max(Number.MAX_SAFE_INTEGER, 'AMOUNT_INVALID'),
        numbers: z.array(z.number().int().min(1).max(49)).min(2).max(3).optional(),
      }),
      { error: 'REQUIRED_FIELDS' },
    )
    .min(1, 'REQUIRED_FIELDS')
    .max(100, 'VALIDATION_FAILED'),
});
export type BetRequest = z.infer<typeof betRequest>;

/** `cancelled`: the player cancelled the slip before its period's seal and got the stake back (never settled). */
const BET_STATUSES = ['unsettled', 'won', 'lost', 'push', 'void', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** One line of a slip as placed: the odds are fixed at placement (decimal for display, ten-thousandths exact). */
const betItem = z.object({
  id: z.number().int(),
  play_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  numbers: z.array(z.number().int()).nullable(),
  odds: z.number(),
  odds_bps: z.number().int(),
  amount: minorAmount,
  status: z.enum(BET_STATUSES),
  /**
   * What was credited back at settlement: stake × odds on a win, the stake on a push or void, 0 on a loss; the stake
   * on a cancelled slip.
   */
  payout: minorAmount.nullable(),
});
export type BetItem = z.infer<typeof betItem>;

export const betSlip = z.object({
  id: z.number().int(),
  games_id: z.number().int(),
  game_code: z.string(),
  game_name: z.string(),
  issue: z.string(),
  /** 'demo' for a guest's play money. */
  wallet: z.enum(['cash', 'demo']),
  total: minorAmount,
  status: z.enum(BET_STATUSES),
  payout: minorAmount.nullable(),
  result: z.array(z.number().int()).nullable(),
  /** Mark Six, once drawn: each result number's animal as of the period's draw date (as in the game's history). */
  zodiac: z.array(z.enum(MARK_SIX_ZODIACS)).optional(),
  /** When the slip's period is drawn (epoch ms): an open slip counts down to it. */
  draw_at: z.number().int(),
  /** When the slip's period stops taking bets (epoch ms): a slip can be cancelled until then. */
  seal_at: z.number().int(),
  /**
   * Whether the player may cancel the slip now (POST /api/game/cancel): unsettled, its game allows it and its
   * period still takes bets at the time of the answer. A screen hides the action itself once `seal_at` passes.
   */
  cancellable: z.boolean(),
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
  items: z.array(betItem),
});
export type BetSlip = z.infer<typeof betSlip>;

/**
 * The list's status filter: one status of a slip, or `settled` for any of won, lost, push and void (a cancelled slip
 * is never settled).
 */
export const BET_LIST_STATUSES = [...BET_STATUSES, 'settled'] as const;
export type BetListStatus = (typeof BET_LIST_STATUSES)[number];

/**
 * `status`: unsettled (awaiting the draw), won, lost, push, void (refunded), cancelled (by the player, refunded), or
 * settled (any of won, lost, push, void). `range`: the day ranges of the recharge records (today, yesterday, before_yesterday, last7), in the business
 * time zone, by the time the slip was placed. Every filter is optional; none lists every slip.
 */
export const betListQuery = pageQuery.extend({
  status: z.enum(BET_LIST_STATUSES, { error: 'VALIDATION_FAILED' }).optional(),
  // A filter: an unknown game lists nothing, which a schema cannot answer, so out of range is VALIDATION_FAILED.
  games_id: queryRowId('VALIDATION_FAILED').optional(),
  range: z.enum(RECHARGE_RANGES, { error: 'VALIDATION_FAILED' }).optional(),
});
export type BetListQuery = z.infer<typeof betListQuery>;

/** Cancel an unsettled slip of one's own before its period's seal (the stake goes back to its wallet, once). */
export const betCancelRequest = z.object({ id: rowId('BET_NOT_FOUND') });
export type BetCancelRequest = z.infer<typeof betCancelRequest>;

/** Operator: void a period before its draw (every unsettled slip of it is refunded once). */
export const periodVoidRequest = z.object({
  games_id: rowId('NOT_FOUND'),
  issue: z.string({ error: 'REQUIRED_FIELDS' }).regex(ISSUE_PATTERN, 'NOT_FOUND'),
  reason: z.string({ error: 'REASON_REQUIRED' }).trim().min(1, 'REASON_REQUIRED').max(500, 'VALIDATION_FAILED'),
});

export const periodVoidResult = z.object({
  games_id: z.number().int(),
  issue: z.string(),
  status: z.literal('void'),
  void_reason: z.string(),
  /** Slips refunded by this call. */
  refunded: z.number().int(),
});
export type PeriodVoidResult = z.infer<typeof periodVoidResult>;
