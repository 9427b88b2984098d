import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { startScheduler } from './runner.ts';
import type { Scheduler } from './runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the scheduler runner', () => {
  it('on start catches up and creates the upcoming periods', async () => {
    const s = startScheduler({
      db: t.app.db,
      databaseUrl: t.config.databaseUrl,
      context: t.app.drawsContext,
      log: quiet,
    });
    try {
      await s.step();
      expect(s.isLeader()).toBe(true);
      const n = await t.app.db
        .selectFrom('periods')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThan(7);
    } finally {
      await s.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: of two schedulers only the lock holder acts; the other takes over',
    async () => {
      const make = () =>
        startScheduler({
          db: t.app.db,
          databaseUrl: t.config.databaseUrl,
          context: t.app.drawsContext,
          log: quiet,
          intervalMs: 50,
        });
      const a: Scheduler = make();
      const b: Scheduler = make();
      try {
        await a.step();
        await b.step();
        await new Promise((r) => setTimeout(r, 300));
        expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
        const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
        await leader.stop();
        for (let i = 0; i < 40 && !follower.isLeader(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(follower.isLeader()).toBe(true);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
  );
});
