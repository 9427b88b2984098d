import { z } from 'zod';
import { LIMIT_KINDS, LIMIT_PERIODS } from '@fairdraw/domain/spending-limits';
import type { LimitPeriod } from '@fairdraw/domain/spending-limits';
import { minorAmount, required } from './common.ts';
import type { Lang } from './langs.ts';

/**
 * Spending limits (docs/trust.md 29): deposit, loss and stake per day, week (from Monday) or month in the business
 * time zone. A tightening applies at once, a loosening or removal after 24 hours; the limit with least left binds.
 * And the reality check: a reminder every 30 or 60 minutes of play (0: off).
 */
export { LIMIT_KINDS, LIMIT_PERIODS };
export const limitKind = z.enum(LIMIT_KINDS, required);
export const limitPeriod = z.enum(LIMIT_PERIODS, required);
export type { LimitKind, LimitPeriod } from '@fairdraw/domain/spending-limits';

export const REALITY_CHECK_MINUTES = [0, 30, 60] as const;
const realityMinutes = z.union([z.literal(0), z.literal(30), z.literal(60)], { error: 'VALIDATION_FAILED' });

/** One limit: in force now (null: none), waiting (a loosening, with when it applies), and its current window. */
export const playerLimit = z.object({
  kind: limitKind,
  period: limitPeriod,
  amount: minorAmount.nullable(),
  pending: z.object({ amount: minorAmount.nullable(), effective_at: z.number().int() }).nullable(),
  /**
   * Used in the current window: deposits, stakes, or stakes − payouts (unsettled slips count as lost, cancelled ones
   * not at all).
   */
  used: z.number().int(),
  /** What is left of the limit in force (never below 0), null without one. */
  left: minorAmount.nullable(),
  /** When the current window ends (epoch ms). */
  resets_at: z.number().int(),
});
export type PlayerLimit = z.infer<typeof playerLimit>;

/** GET /api/protection/limits and the answer of POST. */
export const limitsState = z.object({
  limits: z.array(playerLimit),
  reality_check: z.object({
    minutes: realityMinutes,
    /** Start of this session (epoch ms, server clock) and its net result: stakes − payouts of cash slips since. */
    session_started_at: z.number().int(),
    session_net: z.number().int(),
    /**
     * When the player last dismissed the reminder ("continue"; epoch ms, null: never), on any device: the next one
     * is due at the first interval from the session's start that falls after it.
     */
    dismissed_at: z.number().int().nullable(),
  }),
  /**
   * Whether to offer setting a deposit limit (at registration or the first deposit; skippable): until it was offered
   * once, on any device, and while no deposit limit is in force or waiting.
   */
  offer_deposit_limit: z.boolean(),
  time_zone: z.string(),
  server_time: z.number().int(),
});
export type LimitsState = z.infer<typeof limitsState>;

/** POST /api/protection/limits: limits to set (amount null removes) and/or the reality-check interval. */
export const limitsRequest = z.object({
  changes: z
    .array(
      z.object({
        kind: limitKind,
        period: limitPeriod,
        amount: z
          .number({ error: 'LIMIT_AMOUNT_INVALID' })
          .int('LIMIT_AMOUNT_INVALID')
          .min(1, 'LIMIT_AMOUNT_INVALID')
          .max(Number.MAX_SAFE_INTEGER, 'LIMIT_AMOUNT_INVALID')
          .nullable(),
      }),
    )
    .max(9),
  reality_check: realityMinutes.optional(),
});
export type LimitsRequest = z.infer<typeof limitsRequest>;

/** The period as the refusal messages name it ("your daily stake limit"), per language. */
export const LIMIT_PERIOD_WORDS: Record<Lang, Record<LimitPeriod, string>> = {
  en: { day: 'daily', week: 'weekly', month: 'monthly' },
  th: { day: 'รายวัน', week: 'รายสัปดาห์', month: 'รายเดือน' },
  'zh-cn': { day: '每日', week: '每周', month: '每月' },
  'zh-hk': { day: '每日', week: '每週', month: '每月' },
  vi: { day: 'ngày', week: 'tuần', month: 'tháng' },
  pt: { day: 'diário', week: 'semanal', month: 'mensal' },
};

/** What a prompt answer records: the reality check dismissed ("continue"), the deposit-limit offer made. */
export const PROMPTS = ['reality_check', 'deposit_limit_offer'] as const;
export type Prompt = (typeof PROMPTS)[number];

/**
 * POST /api/protection/prompt: the player answered a prompt; answers the limits state. For the reality check, `at`
 * is when the dismissed reminder fell due (epoch ms, server clock as the page keeps it); the server keeps the later
 * of it and the last dismissal, never more than an hour ahead of its own clock. Without it: the server's now.
 */
export const promptRequest = z.object({
  prompt: z.enum(PROMPTS, required),
  at: z
    .number({ error: 'VALIDATION_FAILED' })
    .int('VALIDATION_FAILED')
    .min(0, 'VALIDATION_FAILED')
    .max(Number.MAX_SAFE_INTEGER, 'VALIDATION_FAILED')
    .optional(),
});
export type PromptRequest = z.infer<typeof promptRequest>;
