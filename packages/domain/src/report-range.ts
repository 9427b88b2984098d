/**
 * Time filters of the recharge and withdrawal lists: whole calendar days in the business time zone,
 * as half-open UTC ranges [from, to). "last7" is today and the six days before. The zone's offsets come from
 * Intl (the IANA database in Node's ICU); a day is 23 or 25 hours across a DST change, and where a zone skips
 * midnight the day starts at the first instant that exists.
 */
import { DAY_MS, startOfDay, wallToday } from './time-zone.ts';

export type ReportRange = 'today' | 'yesterday' | 'before_yesterday' | 'last7';

/** Each range as days relative to today: from the start of `first` to the start of `end`. */
const DAYS: Readonly<Record<ReportRange, { readonly first: number; readonly end: number }>> = {
  today: { first: 0, end: 1 },
  yesterday: { first: -1, end: 0 },
  before_yesterday: { first: -2, end: -1 },
  last7: { first: -6, end: 1 },
};

/** The half-open UTC range [from, to) of the range's calendar days in `timeZone`, as seen at `now`. */
export function reportRange(range: ReportRange, now: Date, timeZone: string): { from: Date; to: Date } {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('invalid date');
  const today = wallToday(nowMs, timeZone);
  const { first: firstDay, end: daysAfterToday } = DAYS[range];
  return {
    from: new Date(startOfDay(today + firstDay * DAY_MS, timeZone)),
    to: new Date(startOfDay(today + daysAfterToday * DAY_MS, timeZone)),
  };
}
