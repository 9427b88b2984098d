/**
 * Spending limits a player sets on themself (trust.md 29): deposit, loss and stake, each per calendar day, week
 * (from Monday) or month in the business time zone. Tightening applies at once; loosening (a higher amount, or
 * removing the limit) only after a cooling-off of 24 hours. Where several limits apply, the one with the least
 * left binds.
 */
import { DAY_MS, startOfDay, wallToday } from './time-zone.ts';

export const LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** How long a loosening waits before it applies. */
export const LIMIT_COOLING_OFF_MS = DAY_MS;

/** The half-open range [from, to) of the calendar day, week (Monday first) or month in `timeZone` holding `now`. */
export function limitWindow(period: LimitPeriod, now: Date, timeZone: string): { from: Date; to: Date } {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('invalid date');
  const today = wallToday(nowMs, timeZone);
  let first: number;
  let next: number;
  if (period === 'day') {
    first = today;
    next = today + DAY_MS;
  } else if (period === 'week') {
    const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
    first = today - sinceMonday * DAY_MS;
    next = first + 7 * DAY_MS;
  } else {
    const d = new Date(today);
    first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return { from: new Date(startOfDay(first, timeZone)), to: new Date(startOfDay(next, timeZone)) };
}

/** One limit as the player chose it: amount null removes it; it applies from effectiveAt. */
export type LimitChoice = { amount: number | null; effectiveAt: Date; createdAt: Date };

/**
 * The limit in force at `now` and the one waiting (a loosening not yet applied). Choices are given oldest first;
 * the latest choice already in force binds, so a tightening made while a loosening waits cancels the loosening.
 */
export function resolveLimit(
  choices: readonly LimitChoice[],
  now: Date,
): { current: number | null; pending: { amount: number | null; effectiveAt: Date } | null } {
  let current: number | null = null;
  let pending: { amount: number | null; effectiveAt: Date } | null = null;
  for (const c of choices) {
    if (c.effectiveAt.getTime() <= now.getTime()) {
      current = c.amount;
      pending = null;
    } else {
      pending = { amount: c.amount, effectiveAt: c.effectiveAt };
    }
  }
  return { current, pending };
}

/** When a change from `current` to `requested` applies: at once if it tightens (or sets a first limit), else after 24 h. */
export function limitChangeEffectiveAt(current: number | null, requested: number | null, now: Date): Date {
  const tightens = requested !== null && (current === null || requested <= current);
  return tightens ? now : new Date(now.getTime() + LIMIT_COOLING_OFF_MS);
}

/** A limit in force with what was used of it in its window. */
export type LimitUse = { kind: LimitKind; period: LimitPeriod; amount: number; used: number };

/**
 * The binding limit for spending `spend` more: among the limits of `kind`, the one with the least left. Answers
 * the limit that `spend` would pass (with what is left, never below 0), or null when every limit allows it.
 */
export function limitPassed(
  uses: readonly LimitUse[],
  kind: LimitKind,
  spend: number,
): (LimitUse & { left: number }) | null {
  let binding: (LimitUse & { left: number }) | null = null;
  for (const u of uses) {
    if (u.kind !== kind) continue;
    const left = Math.max(0, u.amount - u.used);
    if (binding === null || left < binding.left) binding = { ...u, left };
  }
  return binding !== null && spend > binding.left ? binding : null;
}
