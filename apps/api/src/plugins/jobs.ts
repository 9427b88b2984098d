import fp from 'fastify-plugin';
import { startJobScheduler } from '../lib/job-scheduler.ts';
import type { JobScheduler } from '../lib/job-scheduler.ts';
import type { LeaderJob } from '../lib/leader-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The leader's jobs (lib/leader-jobs.ts): a module registers its own with `add` from its routes plugin; the jobs'
     * own loop runs them on one instance at a time (`startLeaderJobs`, lib/job-scheduler.ts). `all` is read at each
     * step, so registration order against the loop does not matter.
     */
    leaderJobs: { add: (job: LeaderJob) => void; readonly all: readonly LeaderJob[] };
    /** Starts the leader jobs' loop (server.ts, beside the draw scheduler); stopped when the app closes. */
    startLeaderJobs: (opts?: { intervalMs?: number; now?: () => Date }) => JobScheduler;
  }
}

export default fp(
  (app, _opts, done) => {
    const all: LeaderJob[] = [];
    app.decorate('leaderJobs', {
      add: (job: LeaderJob) => {
        if (all.some((j) => j.name === job.name)) throw new Error(`leader job ${job.name} registered twice`);
        all.push(job);
      },
      all,
    });
    const loops: JobScheduler[] = [];
    app.decorate('startLeaderJobs', (opts: { intervalMs?: number; now?: () => Date } = {}) => {
      const loop = startJobScheduler({
        db: app.db,
        databaseUrl: app.config.databaseUrl,
        jobs: all,
        log: app.log,
        now: app.clock,
        ...opts,
      });
      loops.push(loop);
      return loop;
    });
    app.addHook('preClose', async () => {
      await Promise.all(loops.map((l) => l.stop()));
    });
    done();
  },
  { name: 'jobs', dependencies: ['db', 'clock', 'config'] },
);
