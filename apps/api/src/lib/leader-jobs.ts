/**
 * Leader jobs: work that is nobody's request and must run on one API instance at a time (docs/architecture.md). Each
 * module registers its own job the same way (`app.leaderJobs.add(job)`, plugins/jobs.ts, from its routes plugin);
 * the instance that holds the jobs' lock (lib/job-scheduler.ts: an advisory lock of its own, another instance taking
 * over when it dies) runs the due ones about once a second. A job must be safe to run twice or on two instances at
 * once (leadership can move while one runs): each decides under row locks.
 */
import type { Db } from '../db/database.ts';

export type LeaderJob = {
  readonly name: string;
  /** At most once per this many ms on an instance; 0: on every beat. */
  readonly everyMs: number;
  /** What it did (logged), or undefined when it had nothing to do. */
  readonly run: (db: Db, now: Date) => Promise<unknown>;
};

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type JobRunner = {
  /** Runs every job whose time has come; a failing job is logged and tried again on its next beat. */
  readonly runDue: (db: Db, now: () => Date) => Promise<void>;
  /** Forgets when each job last ran (leadership lost): the next leader runs them all at once. */
  readonly forget: () => void;
};

export function jobRunner(jobs: readonly LeaderJob[], log: Log): JobRunner {
  /** When each job last ran on this instance (epoch ms of the clock). */
  const lastRun = new Map<string, number>();
  return {
    forget: () => lastRun.clear(),
    runDue: async (db, clock) => {
      for (const job of jobs) {
        const now = clock();
        const last = lastRun.get(job.name);
        if (last !== undefined && now.getTime() - last < job.everyMs) continue;
        try {
          const result = await job.run(db, now);
          lastRun.set(job.name, now.getTime());
          // A job that had nothing to do answers undefined and is not logged.
          if (result !== undefined) log.info({ job: job.name, result }, 'leader job done');
        } catch (err) {
          log.error({ err, job: job.name }, 'leader job failed');
        }
      }
    },
  };
}
