/**
 * The leader jobs' own loop (lib/leader-jobs.ts): every API instance runs one; only the holder of its advisory lock
 * (lib/leadership.ts, a lock of its own, not the draw scheduler's) runs the jobs, so a slow job never holds up a
 * draw and the draws module runs nobody else's work. Each step runs every job whose time has come (a job with
 * `everyMs` 0 on every step, about once a second); a new leader runs them all at once.
 */
import type { Db } from '../db/database.ts';
import { jobRunner } from './leader-jobs.ts';
import type { LeaderJob } from './leader-jobs.ts';
import { leadership } from './leadership.ts';
import type { LoopLog } from './leadership.ts';

/** Advisory-lock key of the leader jobs (any constant bigint unique to this use). */
export const JOBS_LOCK_KEY = 7_361_202_611_220_019n;

export type JobSchedulerOptions = {
  db: Db;
  /** PostgreSQL URL for the lock connection; undefined on PGlite (the process is the only runner). */
  databaseUrl: string | undefined;
  /** The jobs, read at each step (a module may register its job after the loop started). */
  jobs: readonly LeaderJob[];
  log: LoopLog;
  /** Between the end of one step and the next (default 1 s). */
  intervalMs?: number;
  /** The clock (the app's, app.clock; a test may pass its own). */
  now: () => Date;
};

export type JobScheduler = {
  /** True while this instance holds the jobs' lock (always on PGlite). */
  readonly isLeader: () => boolean;
  /** One step: take the lock if free, and run the due jobs if held. Resolves when done. */
  readonly step: () => Promise<void>;
  /** Stops the loop; a running job finishes, then the lock is given up. */
  readonly stop: () => Promise<void>;
};

export function startJobScheduler(options: JobSchedulerOptions): JobScheduler {
  const { db, databaseUrl, log } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const jobs = jobRunner(options.jobs, log);
  // A new leader runs every job at once: when each last ran is forgotten with the lock.
  const lead = leadership({ databaseUrl, key: JOBS_LOCK_KEY, name: 'jobs', log, onLost: jobs.forget });
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const step = async () => {
    if (stopped) return;
    if (running) return running;
    running = (async () => {
      try {
        if ((await lead.acquire()) && !stopped) await jobs.runDue(db, options.now);
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
    isLeader: lead.isLeader,
    step,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await lead.release();
    },
  };
}
