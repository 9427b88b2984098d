import { z } from 'zod';
import { EXCLUSION_KINDS } from '@fairdraw/domain/self-exclusion';
import { required } from './common.ts';

/**
 * Player protection (docs/trust.md 30): time-outs of 24 hours, 7 days or 30 days and self-exclusions of 6 months, 1
 * year or 5 years (the kinds are the domain's EXCLUSION_KINDS). A running break blocks bets and deposits at once and can only be made
 * longer.
 */
export { EXCLUSION_KINDS };
const exclusionKind = z.enum(EXCLUSION_KINDS, required);
export type ExclusionKind = z.infer<typeof exclusionKind>;

/** A running break: `self_exclusion` false for a time-out. Times are epoch milliseconds. */
export const activeExclusion = z.object({
  kind: exclusionKind,
  self_exclusion: z.boolean(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
});
export type ActiveExclusion = z.infer<typeof activeExclusion>;

/** One choice as it would apply now: when it would end, and whether it may be chosen (it must end later). */
const exclusionChoice = z.object({
  kind: exclusionKind,
  self_exclusion: z.boolean(),
  ends_at: z.number().int(),
  allowed: z.boolean(),
});
export type ExclusionChoice = z.infer<typeof exclusionChoice>;

/** GET /api/protection/index and the answer of POST /api/protection/exclude. */
export const protectionState = z.object({
  /** The break that binds now, or null. */
  active: activeExclusion.nullable(),
  choices: z.array(exclusionChoice),
  /** The business time zone: times are shown in it. */
  time_zone: z.string(),
  server_time: z.number().int(),
});
export type ProtectionState = z.infer<typeof protectionState>;

/**
 * Taking a break needs the login password (the account holder is at the keyboard) and `confirm: true` (the player
 * has read that it cannot be undone early).
 */
export const excludeRequest = z.object({
  kind: exclusionKind,
  password: z.string(required).min(1, 'REQUIRED_FIELDS').max(64, 'PASSWORD_INCORRECT'),
  confirm: z.literal(true, { error: 'EXCLUSION_CONFIRM_REQUIRED' }),
});
export type ExcludeRequest = z.infer<typeof excludeRequest>;
