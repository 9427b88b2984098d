import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { startJobScheduler } from './job-scheduler.ts';
import type { JobScheduler } from './job-scheduler.ts';
import type { LeaderJob } from './leader-jobs.ts';

// The leader jobs' own loop (lib/job-scheduler.ts): the due jobs on each step, on the loop's clock; on PostgreSQL one
// runner among several instances, another taking over when it goes. Every loop here waits an hour between steps: the
// test steps them itself.
let t: TestApp;
const loops: JobScheduler[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const l of loops) await l.stop();
  await t.close();
});

const errors: unknown[] = [];
const log = { info: () => undefined, warn: () => undefined, error: (obj: object) => void errors.push(obj) };
const HOUR = 3_600_000;

/** A job that records the instants it ran at (and fails when told to). */
function recorder(name: string, everyMs: number) {
  const ran: number[] = [];
  let fail = false;
  const job: LeaderJob = {
    name,
    everyMs,
    run: (_db, now) => {
      if (fail) return Promise.reject(new Error(`${name} failed`));
      ran.push(now.getTime());
      return Promise.resolve({ ran: ran.length });
    },
  };
  return { job, ran, failNext: (v: boolean) => (fail = v) };
}

function loop(jobs: readonly LeaderJob[], now: () => Date): JobScheduler {
  const l = startJobScheduler({ db: t.app.db, databaseUrl: t.config.databaseUrl, jobs, log, intervalMs: HOUR, now });
  loops.push(l);
  return l;
}

describe('the leader jobs’ loop', () => {
  it('runs each job at once, then at most once per its everyMs on the loop’s clock; a failure is retried', async () => {
    let now = new Date('2031-03-01T00:00:00Z').getTime();
    const each = recorder('each', 0);
    const minute = recorder('minute', 60_000);
    const jobs: LeaderJob[] = [each.job];
    const l = loop(jobs, () => new Date(now));
    await l.step();
    expect(l.isLeader()).toBe(true);
    expect(each.ran).toEqual([now]);
    // Registered after the loop started: read at the next step.
    jobs.push(minute.job);
    const start = now;
    await l.step();
    now += 30_000;
    await l.step();
    expect(minute.ran).toEqual([start]);
    now += 30_000;
    minute.failNext(true);
    await l.step();
    expect(errors).toHaveLength(1);
    // The failed job did not count as run: the next step tries it again, and the others ran on every step.
    minute.failNext(false);
    await l.step();
    expect(minute.ran).toEqual([start, now]);
    expect(each.ran).toHaveLength(5);
    await l.stop();
    const after = each.ran.length;
    await l.step();
    expect(each.ran).toHaveLength(after);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL one instance runs the jobs; when it stops, another takes over and runs them at once',
    async () => {
      const now = () => new Date('2031-03-02T00:00:00Z');
      const first = recorder('first', HOUR);
      const second = recorder('second', HOUR);
      const a = loop([first.job], now);
      await a.step();
      const b = loop([second.job], now);
      await b.step();
      expect(a.isLeader()).toBe(true);
      expect(b.isLeader()).toBe(false);
      expect(first.ran).toHaveLength(1);
      expect(second.ran).toHaveLength(0);
      await a.stop();
      await b.step();
      expect(b.isLeader()).toBe(true);
      expect(second.ran).toHaveLength(1);
    },
  );
});
