/**
 * The report summary's rebuild: each business day's rows deleted and inserted again from the ledger, today every
 * REPORT_REFRESH_SECONDS and every earlier day until it is rebuilt for good. The player's profit report
 * (profit-report.service.ts) and the operator's dashboard (dashboard.service.ts) read the summary it writes.
 */
import { addDays, localDate, zonedInstant } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { finalDays, firstLedgerAt, lockRebuilds, markDay, rebuildDay } from './report.repository.ts';
import type { DayState } from './report.repository.ts';

/** A day is rebuilt for good once this long after it ended (a transaction begun before midnight has committed). */
export const FINAL_AFTER_MS = 60_000;
/** How far back a first rebuild goes on a site that had no summary yet. */
export const BACKFILL_DAYS = 400;

/** The half-open instants [from, to) of business day `day` in `timeZone`. */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  return { from: new Date(zonedInstant(day, 0, timeZone)), to: new Date(zonedInstant(addDays(day, 1), 0, timeZone)) };
}

/** Every YYYY-MM-DD from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Rebuilds one day from the ledger in a transaction of its own, under the rebuild lock (one rebuild at a time). */
export async function rebuildReportDay(db: Db, day: string, now: Date, timeZone: string): Promise<number> {
  const { from, to } = dayBounds(day, timeZone);
  return db.transaction().execute(async (trx) => {
    await lockRebuilds(trx);
    const rows = await rebuildDay(trx, day, from, to);
    await markDay(trx, day, now, now.getTime() >= to.getTime() + FINAL_AFTER_MS);
    return rows;
  });
}

/**
 * The scheduler's job: rebuilds today, and every earlier day (since the ledger began, at most BACKFILL_DAYS back)
 * not yet rebuilt for good. Each day is deleted and inserted again from the ledger in one transaction under an
 * advisory lock, so two instances running it at once serialise and leave exactly one copy of each day's rows.
 */
export async function refreshReports(db: Db, now: Date, timeZone: string): Promise<{ days: number; rows: number }> {
  const today = localDate(now.getTime(), timeZone);
  const first = await firstLedgerAt(db);
  const days: string[] = [];
  if (first !== undefined) {
    const oldest = addDays(today, -BACKFILL_DAYS);
    const start = localDate(first.getTime(), timeZone);
    const from = start > oldest ? start : oldest;
    const yesterday = addDays(today, -1);
    if (from <= yesterday) {
      const done = await finalDays(db, from, yesterday);
      for (const d of daysBetween(from, yesterday)) if (!done.has(d)) days.push(d);
    }
  }
  days.push(today);
  let rows = 0;
  for (const day of days) rows += await rebuildReportDay(db, day, now, timeZone);
  return { days: days.length, rows };
}

/**
 * The scheduler's job (handed to the draws plugin by app.ts): rebuild the summary every `everyMs`
 * (REPORT_REFRESH_SECONDS, at most 15 minutes: the spec lets today's figures be that late).
 */
export function reportRefreshJob(
  timeZone: string,
  everyMs: number,
): { name: string; everyMs: number; run: (db: Db, now: Date) => Promise<unknown> } {
  return { name: 'report-summary', everyMs, run: (db, now) => refreshReports(db, now, timeZone) };
}

/**
 * Whether a day's figures can no longer change: a past day rebuilt for good, or one before the ledger's first
 * movement (nothing can be posted in the past). Today never is.
 */
export function finality(states: readonly DayState[], today: string, first: Date | undefined, timeZone: string) {
  const finalDays = new Set(states.filter((s) => s.final).map((s) => s.day));
  const firstDay = first === undefined ? today : localDate(first.getTime(), timeZone);
  return (day: string) => day < today && (finalDays.has(day) || day < firstDay);
}
