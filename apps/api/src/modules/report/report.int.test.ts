import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { Dashboard, ProfitReport } from '@fairdraw/contract';
import { addDays, localDate, zonedInstant } from '@fairdraw/domain';
import { createDb } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { CTX, gameId, openAt, userIdOf } from '../../test/bets-helper.ts';
import { buildTestApp, call, registerPlayer, type TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';
import { dashboardCsv, zeroDashboard } from './dashboard.service.ts';
import { refreshReports } from './report-rebuild.service.ts';

/**
 * The report equals a recomputation from the ledger: random movements (every counted kind, play money, a withdrawal
 * held then paid, a rebate whose reference is not a slip's) are written straight into the ledger at chosen instants
 * over a few business days, the summary is rebuilt as the scheduler does, and every player's report for every day,
 * and the dashboard, must equal what this file sums from the same movements.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const TZ = CTX.timeZone;
const START = new Date('2026-07-01T05:00:00Z');

type Kind = 'deposit' | 'stake' | 'payout' | 'refund' | 'rebate' | 'withdrawal' | 'demo_stake';
type Move = { user: number; kind: Kind; game: number; amount: number; minute: number };

let t: TestApp;
let games: number[] = [];
let periods = new Map<number, number>();
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { now: START });
  await openAt(t.app, START);
  games = [await gameId(t.app, 'df_k3'), await gameId(t.app, 'df_pk10')];
  const rows = await t.app.db.selectFrom('periods').select(['id', 'game_id']).where('game_id', 'in', games).execute();
  periods = new Map(rows.map((r) => [r.game_id, r.id]));
});
afterAll(async () => t.close());

async function account(db: Db, kind: string, userId: number | null): Promise<number> {
  const key = userId === null ? kind : `${kind}:${userId}`;
  await sql`insert into ledger_accounts (key, kind, user_id) values (${key}, ${kind}, ${userId})
            on conflict (key) do nothing`.execute(db);
  const row = await db.selectFrom('ledger_accounts').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

/** One balanced transaction at `at`, written as the ledger would (postings, then the cached balances). */
async function post(db: Db, kind: string, reference: string, at: Date, postings: [number, number][]): Promise<void> {
  const { rows } = await sql<{ id: number }>`insert into ledger_transactions (kind, reference, created_at)
    values (${kind}, ${reference}, ${at}) returning id`.execute(db);
  for (const [accountId, amount] of postings) {
    await sql`insert into ledger_postings (transaction_id, account_id, amount)
              values (${rows[0]!.id}, ${accountId}, ${amount})`.execute(db);
    await sql`update ledger_accounts set balance = balance + ${amount} where id = ${accountId}`.execute(db);
  }
}

async function slip(db: Db, userId: number, game: number, total: number, wallet: 'cash' | 'demo'): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into bets (user_id, game_id, period_id, issue, wallet, total,
    status, payout) values (${userId}, ${game}, ${periods.get(game)!}, 'x', ${wallet}, ${total}, 'lost', 0)
    returning id`.execute(db);
  return rows[0]!.id;
}

/** Writes the moves of `users` into the ledger, `minute` minutes after `start`. */
async function write(db: Db, users: number[], moves: Move[], start: number): Promise<void> {
  const house = await account(db, 'house', null);
  const clearing = await account(db, 'deposits_clearing', null);
  const bonus = await account(db, 'bonus', null);
  const demoSource = await account(db, 'demo_source', null);
  const fees = await account(db, 'fees', null);
  for (const userId of users) {
    // Enough cash first, so no movement overdraws: an opening deposit at the window's start.
    const cash = await account(db, 'player_cash', userId);
    await post(db, 'deposit', `deposit:open-${userId}`, new Date(start), [
      [clearing, -10_000_000],
      [cash, 10_000_000],
    ]);
  }
  for (const m of moves) {
    seq += 1;
    const userId = users[m.user]!;
    const at = new Date(start + m.minute * 60_000);
    const cash = await account(db, 'player_cash', userId);
    const game = games[m.game]!;
    switch (m.kind) {
      case 'deposit':
        await post(db, 'deposit', `deposit:${seq}`, at, [
          [clearing, -m.amount],
          [cash, m.amount],
        ]);
        break;
      case 'stake':
      case 'payout':
      case 'refund': {
        const id = await slip(db, userId, game, m.amount, 'cash');
        const sign = m.kind === 'stake' ? -1 : 1;
        const ref = m.kind === 'refund' ? `bet-refund:${id}` : `bet:${id}`;
        await post(db, m.kind, ref, at, [
          [cash, sign * m.amount],
          [house, -sign * m.amount],
        ]);
        break;
      }
      case 'rebate':
        await post(db, 'rebate', `rebate:2026-07-01:${seq}`, at, [
          [bonus, -m.amount],
          [cash, m.amount],
        ]);
        break;
      case 'withdrawal': {
        const pending = await account(db, 'withdrawals_pending', userId);
        await post(db, 'withdrawal_request', `withdrawal:${seq}`, at, [
          [cash, -m.amount - 5],
          [pending, m.amount + 5],
        ]);
        await post(db, 'withdrawal_paid', `withdrawal:${seq}`, at, [
          [pending, -m.amount - 5],
          [clearing, m.amount],
          [fees, 5],
        ]);
        break;
      }
      case 'demo_stake': {
        const demo = await account(db, 'player_demo', userId);
        // A reference no guest of the test's own can have (a guest's grant is `guest:<user id>`).
        await post(db, 'demo_grant', `guest:${1_000_000_000 + seq}`, at, [
          [demoSource, -m.amount],
          [demo, m.amount],
        ]);
        const id = await slip(db, userId, game, m.amount, 'demo');
        await post(db, 'stake', `bet:${id}`, at, [
          [demo, -m.amount],
          [demoSource, m.amount],
        ]);
        break;
      }
    }
  }
}

type Expected = { stakes: number; payouts: number; rebates: number; deposits: number; withdrawals: number };

/** What this file expects per user, day and game (game -1: none), summed from the moves themselves. */
function expected(users: number[], moves: Move[], start: number) {
  const out = new Map<string, Expected>();
  const add = (user: number, day: string, game: number, k: keyof Expected, v: number) => {
    const key = `${user}|${day}|${game}`;
    const e = out.get(key) ?? { stakes: 0, payouts: 0, rebates: 0, deposits: 0, withdrawals: 0 };
    e[k] += v;
    out.set(key, e);
  };
  const startDay = localDate(start, TZ);
  for (const u of users) add(u, startDay, -1, 'deposits', 10_000_000);
  for (const m of moves) {
    const day = localDate(start + m.minute * 60_000, TZ);
    const u = users[m.user]!;
    const g = games[m.game]!;
    if (m.kind === 'deposit') add(u, day, -1, 'deposits', m.amount);
    if (m.kind === 'stake') add(u, day, g, 'stakes', m.amount);
    if (m.kind === 'payout' || m.kind === 'refund') add(u, day, g, 'payouts', m.amount);
    if (m.kind === 'rebate') add(u, day, -1, 'rebates', m.amount);
    if (m.kind === 'withdrawal') add(u, day, -1, 'withdrawals', m.amount + 5);
  }
  return out;
}

const DAYS = 3;
const moveArb = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom<Kind>('deposit', 'stake', 'payout', 'refund', 'rebate', 'withdrawal', 'demo_stake'),
  game: fc.integer({ min: 0, max: 1 }),
  amount: fc.integer({ min: 1, max: 100_000 }),
  minute: fc.integer({ min: 0, max: DAYS * 24 * 60 - 1 }),
});

describe('profit report', () => {
  let window = 0;

  it('equals a recomputation from the ledger for every player, day and game (property)', async () => {
    const { app } = t;
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb, { maxLength: 25 }), async (moves) => {
        // Each run gets days of its own, after the last run's: midnight of a business day, three days long.
        const firstDay = addDays('2026-07-02', window * (DAYS + 1));
        window += 1;
        const start = zonedInstant(firstDay, 0, TZ);
        const now = new Date(start + DAYS * 86_400_000 + 2 * 3_600_000);
        app.setClock(() => now);
        const players = await Promise.all([0, 1, 2].map(() => registerPlayer(app)));
        const users = await Promise.all(players.map((p) => userIdOf(app, p.token)));
        await write(app.db, users, moves, start);
        await refreshReports(app.db, now, TZ);
        const want = expected(users, moves, start);
        for (const [i, p] of players.entries()) {
          for (let d = 0; d < DAYS; d += 1) {
            const day = addDays(firstDay, d);
            const res = await call(app, 'GET', `${API.reportProfit}?day=${day}`, auth(p.token));
            expect(res.status).toBe(200);
            const r = res.body.data as ProfitReport;
            expect(r.days).toHaveLength(1);
            expect(r.days[0]!.final).toBe(true);
            const sum: Expected = { stakes: 0, payouts: 0, rebates: 0, deposits: 0, withdrawals: 0 };
            for (const g of [-1, ...games]) {
              const e = want.get(`${users[i]}|${day}|${g}`);
              if (!e) continue;
              for (const k of Object.keys(sum) as (keyof Expected)[]) sum[k] += e[k];
              const game = r.games.find((x) => x.game_id === g);
              if (g !== -1 && (e.stakes > 0 || e.payouts > 0)) {
                expect(game).toMatchObject({ stakes: e.stakes, payouts: e.payouts, net: e.payouts - e.stakes });
              }
            }
            expect(r.totals).toEqual({ ...sum, net: sum.payouts + sum.rebates - sum.stakes });
            expect(r.days[0]).toMatchObject(r.totals);
          }
        }
        // The dashboard over the run's days: every player of the site, summed the same way.
        const op = await operatorToken(app);
        const to = addDays(firstDay, DAYS - 1);
        const res = await call(app, 'GET', `${API.adminDashboard}?from=${firstDay}&to=${to}`, auth(op));
        expect(res.status).toBe(200);
        const dash = res.body.data as Dashboard;
        const stakes = moves.filter((m) => m.kind === 'stake').reduce((s, m) => s + m.amount, 0);
        const payouts = moves
          .filter((m) => m.kind === 'payout' || m.kind === 'refund')
          .reduce((s, m) => s + m.amount, 0);
        const bonus = moves.filter((m) => m.kind === 'rebate').reduce((s, m) => s + m.amount, 0);
        const stakers = new Set(moves.filter((m) => m.kind === 'stake').map((m) => m.user)).size;
        expect(dash.totals).toMatchObject({ stakes, payouts, ggr: stakes - payouts, bonus, players: stakers });
        expect(dash.days.map((d) => d.day)).toEqual([0, 1, 2].map((d) => addDays(firstDay, d)));
      }),
      { numRuns: onPostgres ? 6 : 8 },
    );
  });

  it('shows a player only their own figures; guests and operators are refused, players on the dashboard', async () => {
    const { app } = t;
    const now = new Date('2026-09-20T05:00:00Z');
    app.setClock(() => now);
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const aId = await userIdOf(app, a.token);
    await write(
      app.db,
      [aId],
      [{ user: 0, kind: 'stake', game: 0, amount: 700, minute: 10 }],
      now.getTime() - 3_600_000,
    );
    await refreshReports(app.db, now, TZ);
    const mine = (await call(app, 'GET', API.reportProfit, auth(a.token))).body.data as ProfitReport;
    expect(mine.totals.stakes).toBe(700);
    expect(mine.includes_today).toBe(true);
    expect(mine.refreshed_at).toBe(now.getTime());
    const theirs = (await call(app, 'GET', API.reportProfit, auth(b.token))).body.data as ProfitReport;
    expect(theirs.totals).toEqual({ stakes: 0, payouts: 0, net: 0, rebates: 0, deposits: 0, withdrawals: 0 });
    expect(theirs.games).toEqual([]);
    // No parameter names another player: B asking for A's day still reads B's own rows.
    const day = localDate(now.getTime(), TZ);
    const again = (await call(app, 'GET', `${API.reportProfit}?day=${day}&user_id=${aId}`, auth(b.token))).body
      .data as ProfitReport;
    expect(again.totals.stakes).toBe(0);

    expect((await call(app, 'GET', API.reportProfit, auth(await guestToken(app)))).status).toBe(403);
    const op = await operatorToken(app);
    expect((await call(app, 'GET', API.reportProfit, auth(op))).status).toBe(403);
    expect((await call(app, 'GET', API.reportProfit)).status).toBe(401);
    expect((await call(app, 'GET', API.adminDashboard, auth(a.token))).status).toBe(403);
    expect((await call(app, 'GET', API.adminDashboardExport, auth(a.token))).status).toBe(403);
  });

  it('refuses a day in the future or too far back, and a dashboard range reversed or too long', async () => {
    const { app } = t;
    const now = new Date('2026-09-20T05:00:00Z');
    app.setClock(() => now);
    const p = await registerPlayer(app);
    const future = await call(app, 'GET', `${API.reportProfit}?day=2026-09-21`, auth(p.token, { lang: 'en' }));
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ error: 'REPORT_DAY_INVALID', field: 'day' });
    expect(future.body.msg).toBe('Choose a day from 2026-06-22 to 2026-09-20');
    const old = await call(app, 'GET', `${API.reportProfit}?day=2026-06-21`, auth(p.token));
    expect(old.body).toMatchObject({ error: 'REPORT_DAY_INVALID' });
    const op = await operatorToken(app);
    const reversed = await call(app, 'GET', `${API.adminDashboard}?from=2026-09-10&to=2026-09-01`, auth(op));
    expect(reversed.body).toMatchObject({ error: 'EXPORT_RANGE_INVALID', field: 'from' });
    const long = await call(app, 'GET', `${API.adminDashboard}?from=2026-06-01&to=2026-09-10`, auth(op));
    expect(long.body).toMatchObject({ error: 'REPORT_RANGE_TOO_LONG', field: 'to' });
  });

  it('exports the dashboard as CSV with a BOM, a translated header and formula-safe cells', async () => {
    const { app } = t;
    const op = await operatorToken(app);
    const res = await call(app, 'GET', `${API.adminDashboardExport}?from=2026-07-02&to=2026-07-04`, {
      ...auth(op, { lang: 'en' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('dashboard-2026-07-02-2026-07-04.csv');
    expect(res.text.startsWith('\uFEFFDay,Game,Players,')).toBe(true);
    const lines = res.text.split('\r\n');
    expect(lines[1]!.startsWith('2026-07-02,All games,')).toBe(true);
    // A game whose name starts like a formula is written as text.
    const data: Dashboard = {
      from: '2026-07-02',
      to: '2026-07-02',
      today: '2026-07-02',
      time_zone: TZ,
      currency: 'THB',
      refreshed_at: null,
      totals: zeroDashboard(),
      days: [],
      games: [
        {
          game_id: 9,
          code: 'x',
          name: '=HYPERLINK("x")',
          players: 1,
          slips: 1,
          stakes: 100,
          payouts: 0,
          ggr: 100,
          hold: 100,
          deposits: 0,
          withdrawals: 0,
          bonus: 0,
        },
      ],
      cells: [],
    };
    expect(dashboardCsv(data, 'en', 'THB')).toContain(`,"'=HYPERLINK(""x"")",1,1,1.00,0.00,1.00,100.00,`);
  });

  it.skipIf(!onPostgres)('two instances rebuilding at once leave exactly one copy of each day', async () => {
    const { app } = t;
    const now = new Date('2026-09-25T05:00:00Z');
    app.setClock(() => now);
    const p = await registerPlayer(app);
    const id = await userIdOf(app, p.token);
    const moves: Move[] = Array.from({ length: 40 }, (_, i) => ({
      user: 0,
      kind: 'stake',
      game: i % 2,
      amount: 100 + i,
      minute: i * 30,
    }));
    const start = zonedInstant('2026-09-23', 0, TZ);
    await write(app.db, [id], moves, start);
    // Two instances: each with its own connection pool, rebuilding the same days at the same time, three times over.
    const other = createDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      for (let i = 0; i < 3; i += 1) {
        // The one that waits for the other's day lock may find past days already final and skip them, so the two
        // need not rebuild as many rows: what must hold is one copy of each day, checked below.
        const results = await Promise.all([refreshReports(app.db, now, TZ), refreshReports(other, now, TZ)]);
        for (const r of results) expect(r.days).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await other.destroy();
    }
    const rows = await app.db
      .selectFrom('report_daily')
      .select([sql<string>`day::text`.as('day'), 'game_id', 'stakes'])
      .where('user_id', '=', id)
      .orderBy('day')
      .orderBy('game_id')
      .execute();
    const total = rows.reduce((s, r) => s + r.stakes, 0);
    expect(total).toBe(moves.reduce((s, m) => s + m.amount, 0));
    expect(new Set(rows.map((r) => `${r.day}|${r.game_id}`)).size).toBe(rows.length);
    const marks = await app.db.selectFrom('report_days').select('day').where('day', '>=', '2026-09-23').execute();
    expect(marks).toHaveLength(3);
  });

  it('the leader jobs’ loop rebuilds today as soon as it starts acting', async () => {
    const { app } = t;
    const now = new Date('2026-09-27T05:00:00Z');
    app.setClock(() => now);
    const jobs = app.startLeaderJobs({ intervalMs: 3_600_000 });
    try {
      await jobs.step();
      const today = localDate(now.getTime(), TZ);
      const row = await app.db
        .selectFrom('report_days')
        .select('refreshed_at')
        .where('day', '=', today)
        .executeTakeFirst();
      expect(row?.refreshed_at.getTime()).toBe(now.getTime());
    } finally {
      await jobs.stop();
    }
  });
});
