/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl: what the business day is at an instant, and
 * which instant a zone's wall-clock time names. Used for issue numbers (draw slots), report ranges and limit windows.
 */
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The last answers of wallClock per zone: the draw scheduler asks for the same instants (each game's slots of the
 * day, the upcoming draw slots) at every tick, and Intl's formatToParts is by far the dearest step. A bounded map,
 * emptied when full.
 */
const wallClocks = new Map<string, Map<number, number>>();
const WALL_CLOCKS_KEPT = 20_000;

/** The zone's wall clock at instant t, as ms of a UTC calendar (whole seconds). */
export function wallClock(t: number, timeZone: string): number {
  let kept = wallClocks.get(timeZone);
  if (!kept) wallClocks.set(timeZone, (kept = new Map<number, number>()));
  const known = kept.get(t);
  if (known !== undefined) return known;
  if (kept.size >= WALL_CLOCKS_KEPT) kept.clear();
  const wall = wallClockOf(t, timeZone);
  kept.set(t, wall);
  return wall;
}

function wallClockOf(t: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** 'YYYY-MM-DD' of instant t in the zone. */
export function localDate(t: number, timeZone: string): string {
  return new Date(wallClock(t, timeZone)).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant when the zone's wall clock shows `date` + secondsOfDay. Where that wall time does not exist (a DST
 * gap) the first instant after it; where it exists twice, the first.
 */
export function zonedInstant(date: string, secondsOfDay: number, timeZone: string): number {
  const target = Date.parse(`${date}T00:00:00Z`) + secondsOfDay * 1000;
  // offset = wall − utc; two refinements settle it except in a gap, handled below.
  let t = target - (wallClock(target, timeZone) - target);
  t = target - (wallClock(t, timeZone) - t);
  const earlier = t - 3_600_000;
  if (wallClock(earlier, timeZone) === target) return earlier;
  if (wallClock(t, timeZone) < target) {
    // In a gap: move to the first instant whose wall clock is at or after the target.
    while (wallClock(t, timeZone) < target) t += 60_000;
  }
  return t;
}

/** The zone's wall-clock midnight of the day holding instant t, as ms of a UTC calendar (a Date.UTC day). */
export function wallToday(t: number, timeZone: string): number {
  const wall = wallClock(t, timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The first instant of the zone's calendar day whose wall-clock midnight is `midnight` (a Date.UTC day). Where a
 * clock change skips midnight, the day starts at the first instant after it.
 */
export function startOfDay(midnight: number, timeZone: string): number {
  const offsets = new Set<number>();
  for (const probe of [midnight - DAY_MS, midnight, midnight + DAY_MS]) offsets.add(wallClock(probe, timeZone) - probe);
  for (const o of [...offsets]) offsets.add(wallClock(midnight - o, timeZone) - (midnight - o));
  const candidates = [...offsets].map((o) => midnight - o).filter((t) => wallClock(t, timeZone) >= midnight);
  return Math.min(...candidates);
}
