import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { Chase } from '@fairdraw/contract';
import type { Database, Db } from '../../db/database.ts';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { openAt, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { sleep } from '../../test/process-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { startJobScheduler } from '../../lib/job-scheduler.ts';
import type { JobScheduler } from '../../lib/job-scheduler.ts';
import type { LeaderJob } from '../../lib/leader-jobs.ts';
import { startScheduler } from '../draws/runner.ts';
import type { Scheduler } from '../draws/runner.ts';
import { runChases } from './chase.service.ts';

// Each period of a chase is placed exactly once across a leader change (docs/trust.md, chase): two leader jobs' loops
// on one PostgreSQL database, each with its own pool and advisory-lock connection, as two API instances have (the
// periods are drawn by one draw scheduler). The leader is
// cut off in the middle of placing a period — inside its transaction, holding the player's row, waiting for the
// chase's row — as a killed process would be (its connections end); the other takes over and places that period
// once; placers running at once never place one twice. The clock is the test's: no real period is waited for.
// PostgreSQL only: on PGlite there is one process and nothing to elect.
const onPostgres = Boolean(process.env.DATABASE_URL);
const T = new Date('2031-02-14T05:00:20Z');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let dbA: Db | undefined;
const loops: (Scheduler | JobScheduler)[] = [];
let blocker: pg.Client | undefined;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp({}, { now: T });
});
afterAll(async () => {
  for (const l of loops) await l.stop();
  await blocker?.end().catch(() => undefined);
  await dbA?.destroy();
  if (onPostgres) await t.close();
});

describe('chase placement across a leader kill (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'the period the dead leader was placing is placed once by the next; concurrent placers place nothing twice',
    async () => {
      const url = t.config.databaseUrl ?? '';
      await openAt(t.app, T);
      const op = await operatorToken(t.app);
      const p = await registerPlayer(t.app);
      await fund(t.app, op, p.token, 100_000);
      const userId = await userIdOf(t.app, p.token);
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;
      const placed = await call(t.app, 'POST', API.chase, {
        ...auth(p.token),
        body: { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }], periods: 4 },
      });
      expect(placed.status, placed.text).toBe(200);
      const chaseId = (placed.body.data as Chase).id;

      let now = T;
      const job: LeaderJob = {
        name: 'chases',
        everyMs: 0,
        run: (db, at) => runChases(db, at, { currency: 'THB', timeZone: 'Asia/Bangkok' }),
      };
      // The periods: one draw scheduler, on the test's clock, stepped by the test.
      const draws = startScheduler({
        db: t.app.db,
        databaseUrl: url,
        settle: t.app.periodSettler,
        context: t.app.drawsContext,
        log: quiet,
        intervalMs: 3_600_000,
        settleIntervalMs: 3_600_000,
        now: () => now,
      });
      loops.push(draws);
      const drawNext = async () => {
        await draws.step();
        await draws.settle();
      };
      const make = (db: Db) => {
        const loop = startJobScheduler({
          db,
          databaseUrl: url,
          jobs: [job],
          log: quiet,
          intervalMs: 3_600_000,
          now: () => now,
        });
        loops.push(loop);
        return loop;
      };
      // The first instance's own pool; a connection cut while in use errors its query (and is then dropped).
      const poolA = new pg.Pool({ connectionString: url, max: 4 });
      poolA.on('error', () => undefined);
      poolA.on('connect', (client) => client.on('error', () => undefined));
      dbA = new Kysely<Database>({ dialect: new PostgresDialect({ pool: poolA }) });
      const a = make(dbA);
      await a.step();
      expect(a.isLeader()).toBe(true);
      const b = make(t.app.db);
      await b.step();
      expect(b.isLeader()).toBe(false);

      const states = async () =>
        (
          await t.app.db
            .selectFrom('chase_periods')
            .select(['status', 'issue'])
            .where('chase_id', '=', chaseId)
            .orderBy('seq')
            .execute()
        ).map((r) => r.status);
      expect(await states()).toEqual(['placed', 'pending', 'pending', 'pending']);

      // The next period opens while another transaction holds the chase's row: the leader's placement waits inside
      // its transaction, the player's row locked.
      blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('select id from chases where id = $1 for update', [chaseId]);
      now = new Date(k3.draw_at.getTime() + 5_000);
      await drawNext();
      const leaderPass = a.step();
      let waiting: number[] = [];
      for (let i = 0; i < 500 && waiting.length === 0; i++) {
        const { rows } = await sql<{ pid: number }>`
          select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
            and wait_event_type = 'Lock' and query ilike '%from "chases"%'`.execute(t.app.db);
        waiting = rows.map((r) => r.pid);
        if (waiting.length === 0) await sleep(20);
      }
      expect(waiting, 'the leader never reached the chase').toHaveLength(1);

      // The leader dies: its placing transaction and its lock connection end, as a killed process's would.
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (pid = any(${waiting}::int[]) or application_name = 'fairdraw-jobs')`.execute(t.app.db);
      await leaderPass;
      await blocker.query('rollback');
      expect(await states()).toEqual(['placed', 'pending', 'pending', 'pending']);

      // The other instance takes the lock and places that period, once.
      for (let i = 0; i < 100 && !b.isLeader(); i++) {
        await b.step();
        if (!b.isLeader()) await sleep(20);
      }
      expect(b.isLeader()).toBe(true);
      expect(await states()).toEqual(['placed', 'placed', 'pending', 'pending']);
      // The old leader, still running, does not get the lock back.
      await a.step();
      expect(a.isLeader()).toBe(false);

      // The remaining periods, each with several placers at once (leadership moving while a job runs): once each.
      for (let k = 0; k < 2; k++) {
        const open = await t.app.db
          .selectFrom('periods')
          .select('draw_at')
          .where('game_id', '=', k3.game_id)
          .where('open_at', '<=', now)
          .where('draw_at', '>', now)
          .executeTakeFirstOrThrow();
        now = new Date(open.draw_at.getTime() + 5_000);
        await drawNext();
        await Promise.all([
          b.step(),
          ...Array.from({ length: 6 }, (_, i) => job.run(i % 2 ? t.app.db : (dbA as Db), now)),
        ]);
      }
      expect(await states()).toEqual(['placed', 'placed', 'placed', 'placed']);

      const slips = await t.app.db
        .selectFrom('chase_periods as c')
        .innerJoin('bets as b', 'b.id', 'c.bet_id')
        .select(['b.issue', 'b.total'])
        .where('c.chase_id', '=', chaseId)
        .execute();
      expect(new Set(slips.map((s) => s.issue)).size).toBe(4);
      const { rows } = await sql<{ n: number; stakes: number }>`
        select count(*)::int as n, coalesce(sum(total), 0)::int as stakes from bets where user_id = ${userId}`.execute(
        t.app.db,
      );
      expect(rows[0]).toEqual({ n: 4, stakes: 400 });
      const held = await t.app.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('key', '=', `player_chase:${userId}`)
        .executeTakeFirstOrThrow();
      expect(Number(held.balance)).toBe(0);
      const chase = await t.app.db
        .selectFrom('chases')
        .select('status')
        .where('id', '=', chaseId)
        .executeTakeFirstOrThrow();
      expect(chase.status).toBe('done');
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
    120_000,
  );
});
