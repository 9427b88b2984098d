/**
 * The draw scheduler's work (modules/draws/README.md; docs/trust.md 11–16). Every function takes `now` so
 * tests can drive time; every transition is one conditional UPDATE (… WHERE status = <expected>), so running a step
 * twice, or from two processes at once, changes nothing the second time.
 *
 * Lifecycle: createUpcomingPeriods commits the seeds of the periods ahead (status scheduled); tick opens them at
 * open_at, seals them at seal_at and draws them at draw_at with fd1 from the committed seed. A period whose draw
 * time passed while the server was down is drawn on the next tick (late, drawn_at shows it), never skipped, never
 * redrawn; slots that were never created while it was down stay a visible gap.
 *
 * Settlement (drawn → settled) is not done here: drawn periods wait in status 'drawn' (index periods_pending_idx
 * does not cover them; query `status = 'drawn'`) for the settlement step, which should run after tick in the same
 * scheduler loop (runner.ts) and announce with kind 'settled'.
 */
import { randomBytes } from 'node:crypto';
import { FD1, commitment, drawFd1, newSeed } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import type { PeriodEvent, PeriodEventBus } from './events.ts';
import { scheduledGameRows, scheduleVersions } from './draws.repository.ts';
import * as periods from './periods.repository.ts';
import { effectiveSchedule, upcomingSlotsByDay } from './schedule.ts';
import type { Schedule, ScheduleByDay } from './schedule.ts';

// What other modules need of draws (issue numbers, the period event bus, Mark Six all-in templates) goes out
// through this service, the module's one door (eslint-rules/boundaries.js).
export { parseIssue } from './schedule.ts';
export type { PeriodEventBus } from './events.ts';
export { ALL_IN_TEMPLATES } from './draws.seed.ts';

export type DrawsContext = {
  /** BUSINESS_TIME_ZONE: the zone of issue numbers when a schedule names none. */
  readonly timeZone: string;
  /** GAME_CYCLE_OVERRIDE_SECONDS (tests, demos). */
  readonly cycleOverrideSeconds?: number | undefined;
  /** Where transitions are announced (SSE); none in plain unit-style calls. */
  readonly events?: PeriodEventBus | undefined;
};

const DEFAULT_CONTEXT: DrawsContext = { timeZone: 'Asia/Bangkok' };

export type ScheduledGame = {
  id: number;
  code: string;
  family: GameFamily;
  /** The schedule of the game_schedules row (days before any saved change). */
  schedule: Schedule;
  /** The schedule of each local day: the last change saved for that day or before it, else `schedule`. */
  byDay: ScheduleByDay;
};

/** Enabled games with an enabled schedule, with the schedules actually in force (GAME_CYCLE_OVERRIDE_SECONDS applied). */
export async function scheduledGames(db: Db, ctx: DrawsContext = DEFAULT_CONTEXT): Promise<ScheduledGame[]> {
  const rows = await scheduledGameRows(db);
  const changes = await scheduleVersions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const base: Schedule = {
      cycleSeconds: r.cycle_seconds,
      sealSeconds: r.seal_seconds,
      dailyAt: r.daily_at,
      timeZone: r.time_zone ?? ctx.timeZone,
    };
    const schedule = effectiveSchedule(base, ctx.cycleOverrideSeconds);
    const mine = changes
      .filter((c) => c.game_id === r.id)
      .map((c) => ({
        from: c.effective_date,
        schedule: effectiveSchedule(
          { ...base, cycleSeconds: c.cycle_seconds, sealSeconds: c.seal_seconds },
          ctx.cycleOverrideSeconds,
        ),
      }));
    const byDay: ScheduleByDay = (date) => mine.findLast((c) => c.from <= date)?.schedule ?? schedule;
    return { id: r.id, code: r.code, family: r.family as GameFamily, schedule, byDay };
  });
}

/**
 * Ensures every enabled game has its current period and those up to the horizon (schedule.ts upcomingSlots), each
 * with a fresh CSPRNG seed and its commitment, status 'scheduled'. Idempotent (UNIQUE (game_id, issue), ON CONFLICT
 * DO NOTHING; an existing period keeps its seed). Never creates a period whose draw time has passed.
 * Returns the number of periods created.
 */
export async function createUpcomingPeriods(db: Db, now: Date, ctx: DrawsContext = DEFAULT_CONTEXT): Promise<number> {
  const games = await scheduledGames(db, ctx);
  let created = 0;
  const events: PeriodEvent[] = [];
  for (const game of games) {
    const slots = upcomingSlotsByDay(now.getTime(), game.byDay, game.schedule.timeZone);
    const last = slots.at(-1);
    if (!last) continue;
    const have = await periods.issuesDrawnBetween(db, game.id, new Date(slots[0]!.drawAt), new Date(last.drawAt));
    const missing = slots.filter((s) => !have.has(s.issue));
    if (missing.length === 0) continue;
    const rows = await periods.insertPeriods(
      db,
      missing.map((s) => {
        const seed = newSeed((n) => randomBytes(n));
        return {
          game_id: game.id,
          issue: s.issue,
          open_at: new Date(s.openAt),
          seal_at: new Date(s.sealAt),
          draw_at: new Date(s.drawAt),
          commitment: commitment(seed),
          seed: Buffer.from(seed),
          algorithm: FD1,
        };
      }),
    );
    created += rows.length;
    for (const r of rows) events.push({ kind: 'created', game_id: game.id, period_id: r.id, issue: r.issue });
  }
  if (ctx.events && events.length > 0) await ctx.events.publish(db, events);
  return created;
}

export type TickReport = { opened: number; sealed: number; drawn: number };

/**
 * Moves periods on time: scheduled → open at open_at, open → sealed at seal_at, sealed → drawn at draw_at (result =
 * fd1 of the committed seed, drawn_at = now). Each step is a conditional UPDATE, so concurrent or repeated ticks
 * never transition a period twice. A long-overdue period goes through all three in one tick.
 */
export async function tick(db: Db, now: Date, ctx: Partial<DrawsContext> = {}): Promise<TickReport> {
  const events: PeriodEvent[] = [];
  const opened = await periods.openDuePeriods(db, now);
  for (const p of opened) events.push({ kind: 'open', game_id: p.game_id, period_id: p.id, issue: p.issue });

  const sealed = await periods.sealDuePeriods(db, now);
  for (const p of sealed) events.push({ kind: 'seal', game_id: p.game_id, period_id: p.id, issue: p.issue });

  const due = await periods.periodsDueForDraw(db, now);
  let drawn = 0;
  for (const p of due) {
    const result = drawFd1({
      family: p.family as GameFamily,
      gameCode: p.code,
      issue: p.issue,
      seed: Uint8Array.from(p.seed),
      beacon: p.beacon_value ?? '',
    });
    if (await periods.markDrawn(db, p.id, result, now)) {
      drawn += 1;
      events.push({ kind: 'result', game_id: p.game_id, period_id: p.id, issue: p.issue });
    }
  }
  // Results first, so a listener hears "period N drawn" before "period N+1 open" (both happen at the same instant).
  const order = { result: 0, seal: 1, open: 2, created: 3, settled: 4 } as const;
  events.sort((a, b) => order[a.kind] - order[b.kind]);
  if (ctx.events && events.length > 0) await ctx.events.publish(db, events);
  return { opened: opened.length, sealed: sealed.length, drawn };
}
