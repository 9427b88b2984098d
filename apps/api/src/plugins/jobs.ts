import fp from 'fastify-plugin';
import type { LeaderJob } from '../lib/leader-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The leader's jobs (lib/leader-jobs.ts): a module registers its own with `add` from its routes plugin; the
     * scheduler's leader runs them (modules/draws/runner.ts). `all` is read at each beat, so registration order
     * against the scheduler does not matter.
     */
    leaderJobs: { add: (job: LeaderJob) => void; readonly all: readonly LeaderJob[] };
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
    done();
  },
  { name: 'jobs' },
);
