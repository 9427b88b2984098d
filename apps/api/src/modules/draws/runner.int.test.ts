import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositCredited, minor, stakePlaced } from '@fairdraw/domain';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { postTransactions } from '../ledger/ledger.service.ts';
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
      settle: t.app.periodSettler,
      context: t.app.drawsContext,
      log: quiet,
      now: t.app.clock,
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
          settle: t.app.periodSettler,
          context: t.app.drawsContext,
          log: quiet,
          intervalMs: 50,
          now: t.app.clock,
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

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a follower whose settle loop looked while it was not the leader settles once it takes over',
    async () => {
      const settledBy = new Map<Scheduler, number>();
      const make = () => {
        const s: Scheduler = startScheduler({
          db: t.app.db,
          databaseUrl: t.config.databaseUrl,
          settle: (db, now, events) => {
            settledBy.set(s, (settledBy.get(s) ?? 0) + 1);
            return t.app.periodSettler(db, now, events);
          },
          context: t.app.drawsContext,
          log: quiet,
          intervalMs: 3_600_000, // the test drives the steps
          settleIntervalMs: 3_600_000,
          now: t.app.clock,
        });
        return s;
      };
      const a = make();
      const b = make();
      try {
        await a.step();
        await b.step();
        const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
        expect(follower.isLeader()).toBe(false);
        // The follower's settle pass: not the leader, it does nothing.
        await follower.settle();
        expect(settledBy.get(follower) ?? 0).toBe(0);
        await leader.stop();
        for (let i = 0; i < 40 && !follower.isLeader(); i++) {
          await follower.step();
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(follower.isLeader()).toBe(true);
        await follower.settle();
        expect(settledBy.get(follower) ?? 0).toBeGreaterThan(0);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a settlement in progress does not hold up the ticks; it completes once it can',
    async () => {
      const db = t.app.db;
      let clock = new Date('2031-02-01T05:00:20Z');
      const s = startScheduler({
        db,
        databaseUrl: t.config.databaseUrl,
        settle: t.app.periodSettler,
        context: t.app.drawsContext,
        log: quiet,
        intervalMs: 3_600_000, // the test drives the ticks
        settleIntervalMs: 3_600_000, // and only the ticks' wake-ups settle
        now: () => clock,
      });
      const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
      await blocker.connect();
      try {
        await s.step();
        const periodsOfK3 = () =>
          db
            .selectFrom('periods')
            .innerJoin('games', 'games.id', 'periods.game_id')
            .select(['periods.id', 'periods.game_id', 'periods.issue', 'periods.draw_at', 'periods.status'])
            .where('games.code', '=', 'df_k3')
            .where('periods.draw_at', '>', clock)
            .orderBy('periods.draw_at')
            .execute();
        const [p1, p2] = await periodsOfK3();
        if (!p1 || !p2) throw new Error('no k3 periods');
        // A slip on p1, whose row another transaction holds: p1's settlement waits for it.
        const { rows } = await sql<{ id: number }>`
          insert into users (account, nickname, avatar, role, created_at)
          values ('runner1', 'Runner', '/art/avatars/1.svg', 'player', ${clock})
          returning id`.execute(db);
        const user = rows[0]?.id ?? 0;
        const slip = await db.transaction().execute(async (trx) => {
          await postTransactions(
            trx,
            [{ tx: depositCredited(user, minor(1_000_000)), reference: `runner-deposit:${user}` }],
            clock,
          );
          const b = await trx
            .insertInto('bets')
            .values({
              user_id: user,
              game_id: p1.game_id,
              period_id: p1.id,
              issue: p1.issue,
              wallet: 'cash',
              total: 100,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const play = await trx
            .selectFrom('play_items')
            .select(['id', 'code', 'group_code', 'odds_bps'])
            .where('game_id', '=', p1.game_id)
            .where('code', '=', 'k3.big')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('bet_items')
            .values({
              bet_id: b.id,
              play_item_id: play.id,
              code: play.code,
              group_code: play.group_code,
              odds_bps: play.odds_bps,
              amount: 100,
            })
            .execute();
          await postTransactions(trx, [{ tx: stakePlaced(user, 'cash', minor(100)), reference: `bet:${b.id}` }], clock);
          return b.id;
        });
        await blocker.query('begin');
        await blocker.query('select id from bets where id = $1 for update', [slip]);

        // p1 is drawn; the tick wakes the settle loop, whose settlement of p1 now waits on the slip's row.
        clock = new Date(p1.draw_at.getTime() + 1000);
        await s.step();
        const statusOf = async (id: number) =>
          (await db.selectFrom('periods').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
        expect(await statusOf(p1.id)).toBe('drawn');
        // Meanwhile the ticks go on: p2 is drawn on time. (The step returns while the slip's row is still locked: a
        // tick that waited on it would never return, the lock being released only below.)
        clock = new Date(p2.draw_at.getTime() + 1000);
        await s.step();
        expect(await statusOf(p2.id)).toBe('drawn');
        expect(await statusOf(p1.id)).toBe('drawn');

        // Released: the pass in progress settles p1, then (woken by p2's draw) p2.
        await blocker.query('rollback');
        await s.settle();
        expect(await statusOf(p1.id)).toBe('settled');
        expect(await statusOf(p2.id)).toBe('settled');
        const settledSlip = await db
          .selectFrom('bet_results')
          .select('status')
          .where('id', '=', slip)
          .executeTakeFirstOrThrow();
        expect(settledSlip.status).not.toBe('unsettled');
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
        await s.stop();
      }
    },
    30_000,
  );
});
