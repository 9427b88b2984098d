/**
 * The scheduler loop (architecture.md "Time and draws"). Every API instance runs one; only the holder of a
 * PostgreSQL advisory lock (pg_try_advisory_lock on a dedicated connection, held while that connection lives) acts,
 * so N instances never act twice and another takes over within a second or so when the holder dies. On PGlite the
 * single process acts. On becoming the actor it catches up (draws every period whose draw time passed, late, with
 * its committed seed), then creates the upcoming periods; after that, every second: create upcoming, tick.
 *
 * Settlement runs right after tick: every period tick left 'drawn' (now or before a crash) is settled and moved to
 * 'settled' (modules/bets/settlement.service.ts).
 */
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';
import type { DrawsContext } from './draws.service.ts';

/** Advisory-lock key of the scheduler (any constant bigint unique to this use). */
export const SCHEDULER_LOCK_KEY = 7_361_202_611_220_007n;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type SchedulerOptions = {
  db: Db;
  /** PostgreSQL URL for the lock connection; undefined on PGlite (the process is the only actor). */
  databaseUrl: string | undefined;
  context: DrawsContext;
  log: Log;
  intervalMs?: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
};

export type Scheduler = {
  /** True while this instance holds the lock (always on PGlite once started). */
  readonly isLeader: () => boolean;
  /** One iteration: take the lock if free, and act if held. Resolves when done. */
  readonly step: () => Promise<void>;
  readonly stop: () => Promise<void>;
};

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, databaseUrl, context, log } = options;
  const clock = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 1000;
  let lockClient: pg.Client | undefined;
  let leader = false;
  let caughtUp = false;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const loseLock = (why: string, err?: unknown) => {
    if (leader) log.warn({ err }, `scheduler lock lost: ${why}`);
    leader = false;
    caughtUp = false;
    const c = lockClient;
    lockClient = undefined;
    void c?.end().catch(() => undefined);
  };

  const acquire = async (): Promise<boolean> => {
    if (!databaseUrl) return true;
    if (leader && lockClient) return true;
    const c = new pg.Client({ connectionString: databaseUrl, application_name: 'fairdraw-scheduler' });
    c.on('error', (err) => {
      if (lockClient === c) loseLock('connection error', err);
    });
    try {
      await c.connect();
      const res = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
        SCHEDULER_LOCK_KEY.toString(),
      ]);
      if (res.rows[0]?.locked && !stopped) {
        lockClient = c;
        log.info({}, 'scheduler lock acquired: this instance draws');
        return true;
      }
    } catch (err) {
      log.warn({ err }, 'scheduler lock attempt failed');
    }
    await c.end().catch(() => undefined);
    return false;
  };

  const act = async () => {
    const now = clock();
    if (!caughtUp) {
      // Catch up first: whatever was committed and is due is drawn now, before anything new is created.
      const late = await tick(db, now, context);
      if (late.drawn > 0) log.info({ drawn: late.drawn }, 'caught up: drew periods whose draw time had passed');
      caughtUp = true;
    }
    await createUpcomingPeriods(db, now, context);
    await tick(db, now, context);
    const settled = await settleDrawnPeriods(db, now);
    if (settled.periods > 0) log.info(settled, 'settled drawn periods');
  };

  const step = async () => {
    if (stopped) return;
    if (running) return running;
    running = (async () => {
      try {
        leader = await acquire();
        if (leader && !stopped) await act();
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
      if (!stopped) timer = setTimeout(loop, intervalMs);
    });
  };
  loop();

  return {
    isLeader: () => leader,
    step,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      leader = false;
      const c = lockClient;
      lockClient = undefined;
      // Closing the session releases the advisory lock for another instance.
      await c?.end().catch(() => undefined);
    },
  };
}
