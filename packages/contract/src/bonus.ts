import { z } from 'zod';
import { minorAmount, paged, pageQuery, required } from './common.ts';

/**
 * The daily rebate and the bonus balance (apps/api modules/bonus/README.md). A rebate is a percentage of
 * one business day's valid turnover (settled cash stakes of items won or lost), per game family; the scheduler
 * computes it once the day is over, the player claims it into the cash wallet, and a turnover requirement (at
 * most 10 × the rebate) holds that much cash back from withdrawal until the player has staked it.
 */
export const REBATE_FAMILIES = ['pk10', 'k3', 'ssc', 'lucky28', 'marksix'] as const;
export type RebateFamily = (typeof REBATE_FAMILIES)[number];

/** The rate of one family: basis points of turnover (0–1000: at most 10 %) and the requirement's multiple (0–10). */
export const rebateRate = z.object({
  family: z.enum(REBATE_FAMILIES, 'VALIDATION_FAILED'),
  rate_bps: z
    .number(required)
    .int('REBATE_RATE_INVALID')
    .min(0, 'REBATE_RATE_INVALID')
    .max(1000, 'REBATE_RATE_INVALID'),
  multiple: z
    .number(required)
    .int('REBATE_MULTIPLE_INVALID')
    .min(0, 'REBATE_MULTIPLE_INVALID')
    .max(10, 'REBATE_MULTIPLE_INVALID'),
});
export type RebateRateData = z.infer<typeof rebateRate>;

/** What the claimed bonus still holds back: locked cash, the turnover it requires, the turnover counted so far. */
export const bonusLockData = z.object({
  locked: minorAmount,
  requirement: minorAmount,
  progress: minorAmount,
  /** requirement − progress (0 when nothing is locked). */
  left: minorAmount,
});
export type BonusLockData = z.infer<typeof bonusLockData>;

export const bonusIndex = z.object({
  /** What a claim would credit now: every computed rebate not claimed yet. */
  claimable: minorAmount,
  /** The business days ('YYYY-MM-DD') those rebates are for, oldest first. */
  claimable_days: z.array(z.string()),
  bonus: bonusLockData,
  rates: z.array(rebateRate),
  currency: z.string(),
  exponent: z.number().int().min(0).max(4),
});
export type BonusIndex = z.infer<typeof bonusIndex>;

export const bonusClaimAnswer = z.object({
  /** The amount credited to the cash wallet. */
  claimed: minorAmount,
  /** The days claimed ('YYYY-MM-DD'). */
  days: z.array(z.string()),
  bonus: bonusLockData,
});
export type BonusClaimAnswer = z.infer<typeof bonusClaimAnswer>;

export const rebateItem = z.object({
  id: z.number().int(),
  /** The business day of the turnover ('YYYY-MM-DD'). */
  day: z.string(),
  turnover: minorAmount,
  amount: minorAmount,
  requirement: minorAmount,
  status: z.enum(['claimable', 'claimed']),
  /** Epoch ms. */
  claimed_at: z.number().int().nullable(),
});
export type RebateItem = z.infer<typeof rebateItem>;

export const bonusListQuery = pageQuery;
export const bonusList = paged(rebateItem);
export type BonusList = z.infer<typeof bonusList>;

/** Operator: the rates of every family. */
export const adminBonusSettings = z.object({ rates: z.array(rebateRate) });
export type AdminBonusSettings = z.infer<typeof adminBonusSettings>;

/** Operator: new rates for one or more families (each family at most once); the others keep theirs. */
export const adminBonusSettingsRequest = z.object({
  rates: z
    .array(rebateRate, required)
    .min(1, 'REQUIRED_FIELDS')
    .max(REBATE_FAMILIES.length, 'VALIDATION_FAILED')
    .refine((rates) => new Set(rates.map((r) => r.family)).size === rates.length, 'VALIDATION_FAILED'),
});
export type AdminBonusSettingsRequest = z.infer<typeof adminBonusSettingsRequest>;
