/**
 * Slot and issue arithmetic (modules/draws/README.md: issue numbers), pure: no clock, no database. A period's issue
 * is `YYYYMMDD-NNNN`: the date of its scheduled draw in the game's time zone and the 1-based slot of that draw in the
 * day's schedule.
 *
 * - A cycle game (dailyAt null) draws at 00:00, 00:00 + cycle, 00:00 + 2 × cycle, … of each local day: slot n draws
 *   at midnight + (n − 1) × cycle, and the day has ceil(day length / cycle) slots (a 1-minute game 0001 at 00:00 …
 *   1440 at 23:59; a 210-second game 0001 … 0412, the last at 23:58:30, then 0001 of the next day at 00:00).
 * - A daily game (Mark Six, dailyAt 'HH:MM') has one slot a day, '-0001', drawn at that wall-clock time.
 * A period is open from the previous slot's draw to its seal (draw − sealSeconds), and drawn at its draw time.
 * Pure, so a candidate for packages/domain; its time-zone arithmetic already lives there.
 */
import { addDays, DAY_MS, localDate, zonedInstant } from '@fairdraw/domain';

export { addDays, localDate, zonedInstant };

export type Schedule = {
  readonly cycleSeconds: number;
  readonly sealSeconds: number;
  /** 'HH:MM' for one draw a day, or null. */
  readonly dailyAt: string | null;
  /** IANA zone. */
  readonly timeZone: string;
};

export type Slot = {
  /** Local date of the draw, 'YYYY-MM-DD'. */
  readonly date: string;
  /** 1-based slot in the day. */
  readonly slot: number;
  readonly issue: string;
  /** Scheduled draw, epoch ms. */
  readonly drawAt: number;
};

export type PeriodTimes = Slot & { readonly openAt: number; readonly sealAt: number };

function dailySeconds(dailyAt: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(dailyAt);
  if (!m) throw new RangeError(`not a HH:MM time: ${dailyAt}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60;
}

/** How many slots the local day `date` has. */
export function slotsInDay(date: string, s: Schedule): number {
  if (s.dailyAt !== null) return 1;
  const start = zonedInstant(date, 0, s.timeZone);
  const end = zonedInstant(addDays(date, 1), 0, s.timeZone);
  return Math.ceil((end - start) / (s.cycleSeconds * 1000));
}

export function formatIssue(date: string, slot: number): string {
  if (!Number.isInteger(slot) || slot < 1 || slot > 9999) throw new RangeError(`slot out of range: ${slot}`);
  return `${date.replaceAll('-', '')}-${String(slot).padStart(4, '0')}`;
}

type ParsedIssue = Readonly<{ date: string; slot: number }>;

// Every slip is checked and answered with its period's draw date, so the same few issues are parsed over and over
// (each parse builds and prints a Date: 3 % of the API's busy time under the bets benchmark's load): each answer is
// kept, at most PARSED_ISSUES of them, all forgotten when that is reached (a day has a few hundred issues a game).
const PARSED_ISSUES = 4096;
const parsedIssues = new Map<string, ParsedIssue | null>();

/** 'YYYYMMDD-NNNN' → date and slot, or null when malformed. */
export function parseIssue(issue: string): ParsedIssue | null {
  const known = parsedIssues.get(issue);
  if (known !== undefined) return known;
  const parsed = parseIssueText(issue);
  if (parsedIssues.size >= PARSED_ISSUES) parsedIssues.clear();
  parsedIssues.set(issue, parsed);
  return parsed;
}

function parseIssueText(issue: string): ParsedIssue | null {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/.exec(issue);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  const slot = Number(m[4]);
  if (slot < 1 || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || addDays(date, 0) !== date) return null;
  return Object.freeze({ date, slot });
}

export function slotOf(date: string, slot: number, s: Schedule): Slot {
  const count = slotsInDay(date, s);
  if (!Number.isInteger(slot) || slot < 1 || slot > count) throw new RangeError(`no slot ${slot} on ${date}`);
  const drawAt =
    s.dailyAt !== null
      ? zonedInstant(date, dailySeconds(s.dailyAt), s.timeZone)
      : zonedInstant(date, 0, s.timeZone) + (slot - 1) * s.cycleSeconds * 1000;
  return { date, slot, issue: formatIssue(date, slot), drawAt };
}

export function nextSlot(slot: Slot, s: Schedule): Slot {
  return slot.slot < slotsInDay(slot.date, s)
    ? slotOf(slot.date, slot.slot + 1, s)
    : slotOf(addDays(slot.date, 1), 1, s);
}

export function previousSlot(slot: Slot, s: Schedule): Slot {
  if (slot.slot > 1) return slotOf(slot.date, slot.slot - 1, s);
  const date = addDays(slot.date, -1);
  return slotOf(date, slotsInDay(date, s), s);
}

/** The first slot whose draw is strictly after instant t: the period that is current at t. */
export function slotAfter(t: number, s: Schedule): Slot {
  // Start from the previous local day (a daily draw late in the evening may still be ahead) and walk forward.
  const date = localDate(t, s.timeZone);
  if (s.dailyAt !== null) {
    for (let d = -1; ; d += 1) {
      const slot = slotOf(addDays(date, d), 1, s);
      if (slot.drawAt > t) return slot;
    }
  }
  const start = zonedInstant(date, 0, s.timeZone);
  const cycleMs = s.cycleSeconds * 1000;
  if (t < start) return slotOf(date, 1, s);
  const n = Math.floor((t - start) / cycleMs) + 2;
  return n <= slotsInDay(date, s) ? slotOf(date, n, s) : slotOf(addDays(date, 1), 1, s);
}

/** Open, seal and draw times of a slot's period. */
export function periodTimes(slot: Slot, s: Schedule): PeriodTimes {
  const openAt = previousSlot(slot, s).drawAt;
  const sealAt = Math.max(openAt, slot.drawAt - s.sealSeconds * 1000);
  return { ...slot, openAt, sealAt };
}

/**
 * The periods that should exist at instant `now`: the current one and those after it, up to a horizon of
 * max(30 minutes, min(10 cycles, 2 days)) ahead (a 1-minute game: 31 periods; PK10 ten minutes: 11; Mark Six: 2-3).
 */
export function upcomingSlots(now: number, s: Schedule): PeriodTimes[] {
  const horizon = now + Math.max(30 * 60_000, Math.min(10 * s.cycleSeconds * 1000, 2 * DAY_MS));
  const out: PeriodTimes[] = [];
  let slot = slotAfter(now, s);
  out.push(periodTimes(slot, s));
  for (;;) {
    slot = nextSlot(slot, s);
    if (slot.drawAt > horizon) return out;
    out.push(periodTimes(slot, s));
  }
}

/** The schedule actually used: GAME_CYCLE_OVERRIDE_SECONDS replaces every cycle, the seal shrinks in proportion. */
export function effectiveSchedule(s: Schedule, overrideSeconds: number | undefined): Schedule {
  if (overrideSeconds === undefined) return s;
  const seal = Math.round((s.sealSeconds * overrideSeconds) / s.cycleSeconds);
  return {
    cycleSeconds: overrideSeconds,
    sealSeconds: Math.min(overrideSeconds - 1, Math.max(1, seal)),
    dailyAt: null,
    timeZone: s.timeZone,
  };
}

/**
 * A game's schedule per local day: an operator's change of cycle or seal applies from a later day
 * (game_schedule_versions, modules/games README), so consecutive days may draw on different cycles. The zone and the
 * daily time are the same on every day.
 */
export type ScheduleByDay = (date: string) => Schedule;

function slotOn(date: string, slot: number, by: ScheduleByDay): Slot {
  return slotOf(date, slot, by(date));
}

/** The slot after `slot`, the next day's first slot on that day's schedule. */
export function nextSlotByDay(slot: Slot, by: ScheduleByDay): Slot {
  return slot.slot < slotsInDay(slot.date, by(slot.date))
    ? slotOn(slot.date, slot.slot + 1, by)
    : slotOn(addDays(slot.date, 1), 1, by);
}

/** The slot before `slot`: the previous day's last slot is that day's, on that day's schedule. */
export function previousSlotByDay(slot: Slot, by: ScheduleByDay): Slot {
  if (slot.slot > 1) return slotOn(slot.date, slot.slot - 1, by);
  const date = addDays(slot.date, -1);
  return slotOn(date, slotsInDay(date, by(date)), by);
}

/** Open, seal and draw of a slot's period when days may differ (the seal is the slot's own day's). */
export function periodTimesByDay(slot: Slot, by: ScheduleByDay): PeriodTimes {
  const openAt = previousSlotByDay(slot, by).drawAt;
  const sealAt = Math.max(openAt, slot.drawAt - by(slot.date).sealSeconds * 1000);
  return { ...slot, openAt, sealAt };
}

/** upcomingSlots when each day has its own schedule; equal to upcomingSlots when every day has the same. */
export function upcomingSlotsByDay(now: number, by: ScheduleByDay, timeZone: string): PeriodTimes[] {
  const today = by(localDate(now, timeZone));
  const horizon = now + Math.max(30 * 60_000, Math.min(10 * today.cycleSeconds * 1000, 2 * DAY_MS));
  const found = slotAfter(now, today);
  let slot = slotOn(found.date, found.slot, by);
  // A slot found on today's schedule may lie on a day drawn on another: walk on that day's schedule instead.
  if (slot.drawAt <= now) {
    while (slot.drawAt <= now) slot = nextSlotByDay(slot, by);
  } else {
    for (;;) {
      const prev = previousSlotByDay(slot, by);
      if (prev.drawAt <= now) break;
      slot = prev;
    }
  }
  const out: PeriodTimes[] = [periodTimesByDay(slot, by)];
  for (;;) {
    slot = nextSlotByDay(slot, by);
    if (slot.drawAt > horizon) return out;
    out.push(periodTimesByDay(slot, by));
  }
}
