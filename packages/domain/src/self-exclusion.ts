/**
 * Time-out and self-exclusion (docs/trust.md 30): a player stops all betting and deposits, at once, for a length they
 * choose. A time-out lasts 24 hours, 7 days or 30 days; a self-exclusion 6 months, 1 year or 5 years. A break that
 * is running can be made longer by choosing one that ends later, never shorter and never lifted early: that is its
 * point. The break starts when it is recorded, so a break is running exactly while `now < ends_at`.
 *
 * Pure: 'now' comes in as an argument (server time, epoch milliseconds).
 */

export const EXCLUSION_KINDS = [
  'timeout_24h',
  'timeout_7d',
  'timeout_30d',
  'exclusion_6m',
  'exclusion_1y',
  'exclusion_5y',
] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Each choice's length: time-outs in hours, self-exclusions in calendar months. */
const LENGTHS: Record<ExclusionKind, { hours: number } | { months: number }> = {
  timeout_24h: { hours: 24 },
  timeout_7d: { hours: 7 * 24 },
  timeout_30d: { hours: 30 * 24 },
  exclusion_6m: { months: 6 },
  exclusion_1y: { months: 12 },
  exclusion_5y: { months: 60 },
};

/** A self-exclusion (months or years) rather than a time-out (hours or days). */
export function isSelfExclusion(kind: ExclusionKind): boolean {
  return 'months' in LENGTHS[kind];
}

/**
 * `t` plus whole calendar months (UTC calendar, same time of day). Where the target month lacks the day (31 August
 * + 6 months), the first day of the month after, so the length is never shorter than the months named.
 */
export function addCalendarMonths(t: number, months: number): number {
  const d = new Date(t);
  const month = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  const daysInMonth = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
  const day = d.getUTCDate();
  const [y2, m2, day2] = day <= daysInMonth ? [year, m, day] : [year, m + 1, 1];
  return Date.UTC(y2, m2, day2, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * When a break of `kind` chosen at `now` ends: now + its length, rounded up to the whole minute so that the time
 * told to the player ('until 14:05') is exact and never earlier than the real end.
 */
export function exclusionEnd(kind: ExclusionKind, now: number): number {
  if (!Number.isFinite(now)) throw new RangeError('now must be a finite instant');
  const length = LENGTHS[kind];
  const end = 'hours' in length ? now + length.hours * HOUR_MS : addCalendarMonths(now, length.months);
  return Math.ceil(end / MINUTE_MS) * MINUTE_MS;
}

/** A recorded break: its kind and when it ends (epoch ms). */
export type Exclusion = { kind: ExclusionKind; ends_at: number };

/** Whether a break is still running at `now`. */
export function isExclusionActive(exclusion: Exclusion, now: number): boolean {
  return now < exclusion.ends_at;
}

/**
 * The break that binds at `now` among a player's recorded ones: the running one that ends last, or null. Records
 * are only ever added, so taking the latest end means no record can shorten another.
 */
export function latestExclusion<T extends Exclusion>(records: readonly T[], now: number): T | null {
  let best: T | null = null;
  for (const r of records) {
    if (isExclusionActive(r, now) && (best === null || r.ends_at > best.ends_at)) best = r;
  }
  return best;
}

export type ExclusionDecision =
  | { ok: true; kind: ExclusionKind; starts_at: number; ends_at: number }
  /** The choice would not end after the running break: refused, the running one stays. */
  | { ok: false; reason: 'not_longer'; current: Exclusion };

/**
 * A player's choice against the break already running (or null): accepted, starting now, only if it ends strictly
 * later than the running one. Choosing the same or a shorter break while one runs is refused.
 */
export function chooseExclusion(current: Exclusion | null, kind: ExclusionKind, now: number): ExclusionDecision {
  const ends = exclusionEnd(kind, now);
  if (current && isExclusionActive(current, now) && ends <= current.ends_at) {
    return { ok: false, reason: 'not_longer', current };
  }
  return { ok: true, kind, starts_at: now, ends_at: ends };
}
