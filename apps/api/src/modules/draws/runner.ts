/**
 * The scheduler (modules/draws/README.md: scheduler). Every API instance runs one; only the holder of a PostgreSQL
 * advisory lock (pg_try_advisory_lock on a dedicated connection, held while that connection lives) acts, so N
 * instances never act twice and another takes over within a second or so when the holder dies. On PGlite the
 * single process acts. Two loops share that leadership:
 *
 * - the tick loop: on becoming the actor it catches up (draws every period whose draw time passed, late, with its
 *   committed seed), then creates the upcoming periods; after that, every second: tick (open, seal, draw on time),
 *   then create upcoming (and tick again if that created a period already due). The loop wakes just after each
 *   whole second of the clock, where every open, seal and draw time falls, so a draw is made within a few
 *   milliseconds of its time instead of up to a second later, and nothing runs before the tick at that instant;
 * - the settle loop: settles every period tick left 'drawn' and moves it to 'settled' (the bets module's
 *   settlement, handed in as `settle`), then announces it ('settled' period event). It runs on its own, so settling a large
 *   period (seconds for 10⁶ bets) never delays the next ticks. The tick loop wakes it as soon as a tick drew a
 *   period (and when this instance becomes the actor); it also looks every few seconds, for a period left 'drawn'
 *   by a crash or by a settlement that failed. A settlement is one transaction per period under the period's row
 *   lock, so it is safe even if leadership moves while one runs: a second settler waits, then finds it settled.
 *   On PGlite (one connection) a running settlement still holds up the tick's queries until it commits.
 *
 * Work that is not the draws' own (the other modules' leader jobs) runs on a loop of its own with its own lock
 * (lib/job-scheduler.ts).
 */
import type { Db } from '../../db/database.ts';
import { leadership } from '../../lib/leadership.ts';
import type { LoopLog } from '../../lib/leadership.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';
import type { DrawsContext } from './draws.service.ts';
import type { PeriodSettler } from './settler.ts';

/** Advisory-lock key of the scheduler (any constant bigint unique to this use). */
export const SCHEDULER_LOCK_KEY = 7_361_202_611_220_007n;

export type SchedulerOptions = {
  db: Db;
  /** PostgreSQL URL for the lock connection; undefined on PGlite (the process is the only actor). */
  databaseUrl: string | undefined;
  context: DrawsContext;
  /** Settles the periods a tick drew (the bets module's settlement). */
  settle: PeriodSettler;
  log: LoopLog;
  intervalMs?: number;
  /** How often the settle loop looks for 'drawn' periods when no tick woke it (default 5 s). */
  settleIntervalMs?: number;
  /** The clock (the app's, app.clock; a test may pass its own). */
  now: () => Date;
};

export type Scheduler = {
  /** True while this instance holds the lock (always on PGlite once started). */
  readonly isLeader: () => boolean;
  /** One iteration of the tick loop: take the lock if free, and act if held. Resolves when done. */
  readonly step: () => Promise<void>;
  /** One pass of the settle loop: if this instance acts, settle every 'drawn' period. Resolves when done. */
  readonly settle: () => Promise<void>;
  readonly stop: () => Promise<void>;
};

/** How long after a whole beat the tick loop wakes: a timer may fire a millisecond early, a draw must not be missed. */
export const BEAT_MARGIN_MS = 5;

/**
 * The wait from `nowMs` to just after the next multiple of `intervalMs` on the clock (at most one interval and the
 * margin): opens, seals and draws are at whole seconds, so a one-second loop wakes just as they fall due.
 */
export function untilNextBeat(nowMs: number, intervalMs: number): number {
  return intervalMs - (((nowMs % intervalMs) + intervalMs) % intervalMs) + BEAT_MARGIN_MS;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, databaseUrl, context, log } = options;
  const clock = options.now;
  const intervalMs = options.intervalMs ?? 1000;
  const settleIntervalMs = options.settleIntervalMs ?? 5000;
  let caughtUp = false;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let settling: Promise<void> | undefined;
  let settleAgain = false;
  let settleTimer: NodeJS.Timeout | undefined;
  // A new leader catches up first (see act).
  const lead = leadership({
    databaseUrl,
    key: SCHEDULER_LOCK_KEY,
    name: 'scheduler',
    log,
    onLost: () => (caughtUp = false),
  });

  /** Returns true when periods may be waiting for settlement (a tick drew some, or this instance just took over). */
  const act = async (): Promise<boolean> => {
    const now = clock();
    let drawn = 0;
    let tookOver = false;
    if (!caughtUp) {
      // Catch up first: whatever was committed and is due is drawn now, before anything new is created.
      const late = await tick(db, now, context);
      if (late.drawn > 0) log.info({ drawn: late.drawn }, 'caught up: drew periods whose draw time had passed');
      caughtUp = true;
      tookOver = true;
      drawn += late.drawn;
    }
    // The tick first: what is due at this instant is drawn and announced before anything else runs.
    drawn += (await tick(db, now, context)).drawn;
    if ((await createUpcomingPeriods(db, now, context)) > 0) drawn += (await tick(db, now, context)).drawn;
    return tookOver || drawn > 0;
  };

  const step = async () => {
    if (stopped) return;
    if (running) return running;
    running = (async () => {
      try {
        if ((await lead.acquire()) && !stopped && (await act())) wakeSettle();
      } catch (err) {
        log.error({ err }, 'scheduler step failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const loop = () => {
    if (stopped) return;
    void step().finally(() => {
      if (!stopped) timer = setTimeout(loop, untilNextBeat(clock().getTime(), intervalMs));
    });
  };

  // The settle loop: one pass at a time; a wake-up during a pass runs another right after it.
  const settle = async () => {
    if (stopped) return;
    if (settling) {
      settleAgain = true;
      return settling;
    }
    const pass = async () => {
      try {
        do {
          settleAgain = false;
          if (!lead.isLeader() || stopped) break;
          const report = await options.settle(db, clock(), context.events);
          if (report.periods > 0) log.info(report, 'settled drawn periods');
        } while (settleAgain && !stopped);
      } catch (err) {
        log.error({ err }, 'settlement failed');
      }
    };
    // Cleared in a `.finally`, which runs after this assignment: a pass that ends without awaiting (this instance
    // is not the leader) would otherwise clear `settling` before it is set, and leave it set for good, so that this
    // instance, once the leader, never settled.
    const current = pass().finally(() => {
      if (settling === current) settling = undefined;
    });
    settling = current;
    return current;
  };

  const settleLoop = () => {
    if (stopped) return;
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = undefined;
    void settle().finally(() => {
      if (!stopped && !settleTimer) settleTimer = setTimeout(settleLoop, settleIntervalMs);
    });
  };

  /** Starts a settle pass now (or right after the running one), without waiting for the periodic look. */
  function wakeSettle() {
    if (stopped) return;
    if (settling) settleAgain = true;
    else settleLoop();
  }

  loop();
  settleTimer = setTimeout(settleLoop, settleIntervalMs);

  return {
    isLeader: lead.isLeader,
    step,
    settle,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (settleTimer) clearTimeout(settleTimer);
      // A settlement in progress finishes (it is one transaction; stopping mid-way would only roll it back).
      await Promise.all([running, settling]);
      // Closing the session releases the advisory lock for another instance.
      await lead.release();
    },
  };
}
