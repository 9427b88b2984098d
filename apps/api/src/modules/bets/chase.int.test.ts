import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API } from '@fairdraw/contract';
import type { Chase } from '@fairdraw/contract';
import { call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { appAtForFile, openPeriod, playItems, userIdOf, withPeriodLimit } from '../../test/bets-helper.ts';
import type { JobScheduler } from '../../lib/job-scheduler.ts';
import { startScheduler } from '../draws/runner.ts';
import type { Scheduler } from '../draws/runner.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { voidPeriod } from './settlement.service.ts';

// Chases (bets README: chase) driven by the app's clock and the app's own loops: `next()` moves the clock to a few
// seconds after the open period's draw, runs a tick (draw, open the next) and a settle pass of the draw scheduler,
// then a step of the leader jobs' loop, whose chase job places the chases' next slips. Times are in 2031 (k3: 60 s cycle, sealed 10 s before its draw).

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;
let s: Scheduler | undefined;
let j: JobScheduler | undefined;

appAtForFile(T, (x) => ({ t, op } = x));
afterAll(async () => {
  await s?.stop();
  await j?.stop();
});

function scheduler(): Scheduler {
  s ??= t.app.startDrawScheduler({ intervalMs: 3_600_000 });
  return s;
}

function jobs(): JobScheduler {
  j ??= t.app.startLeaderJobs({ intervalMs: 3_600_000 });
  return j;
}

/** The clock to 5 s past the draw of the k3 period current now (open or void), then a tick and a settle pass. */
async function next(): Promise<void> {
  await drawNext();
  await scheduler().settle();
  await jobs().step();
}

/** The clock to 5 s past the draw of the k3 period current now, and a tick (it draws that one, opens the next). */
async function drawNext(by?: Scheduler): Promise<void> {
  const now = t.app.clock();
  const k3 = await t.app.db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select('periods.draw_at')
    .where('games.code', '=', 'df_k3')
    .where('periods.open_at', '<=', now)
    .where('periods.draw_at', '>', now)
    .executeTakeFirstOrThrow();
  const at = new Date(k3.draw_at.getTime() + 5_000);
  t.app.setClock(() => at);
  // The file's scheduler starts (and steps once) here, on the moved clock, when it is not running yet.
  await (by ?? scheduler()).step();
}

async function player(cash: number) {
  const p = await registerPlayer(t.app);
  if (cash > 0) await fund(t.app, op, p.token, cash);
  return { ...p, id: await userIdOf(t.app, p.token) };
}

async function k3Body(amount: number, extra: Record<string, unknown>) {
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3')).find((p) => p.code === 'k3.sum.10')?.id;
  return { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount }], ...extra };
}

function chase(token: string, body: unknown, key?: string, lang?: string) {
  return call(t.app, 'POST', API.chase, {
    ...auth(token, { ...(key ? { 'idempotency-key': key } : {}), ...(lang ? { lang } : {}) }),
    body,
  });
}

async function list(token: string): Promise<Chase[]> {
  const res = await call(t.app, 'GET', API.chaseList, auth(token));
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { list: Chase[] }).list;
}

async function held(userId: number): Promise<number> {
  const row = await t.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('key', '=', `player_chase:${userId}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** What the chase's settled slips paid back to the wallet. */
const paidOut = (c: Chase) => c.list.reduce((sum, p) => sum + (p.payout ?? 0), 0);

/** Every cent of a chase: held = total − stakes of its slips − refund; the ledger sums to zero. */
async function conserved(c: Chase): Promise<void> {
  const stakes = c.list.filter((p) => p.slip_id !== null).reduce((sum, p) => sum + p.amount, 0);
  const pending = c.list.filter((p) => p.state === 'pending').reduce((sum, p) => sum + p.amount, 0);
  expect(c.total).toBe(c.list.reduce((sum, p) => sum + p.amount, 0));
  expect(c.total - stakes - c.refunded).toBe(pending);
  const { rows } = await sql<{
    total: string;
  }>`select coalesce(sum(amount), 0)::text as total from ledger_postings`.execute(t.app.db);
  expect(Number(rows[0]?.total)).toBe(0);
  // Each placed period's slip is staked from the held account, once.
  for (const p of c.list.filter((x) => x.slip_id !== null)) {
    const { rows: posts } = await sql<{ key: string; amount: string }>`
      select a.key, p.amount::text from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id where t.kind = 'stake' and t.reference = ${`bet:${p.slip_id}`}
      order by p.amount`.execute(t.app.db);
    expect(posts.map((r) => [r.key.split(':')[0], Number(r.amount)])).toEqual([
      ['player_chase', -p.amount],
      ['house', p.amount],
    ]);
  }
}

describe('POST /api/game/chase', () => {
  it('holds the whole stake at once, places the first period now and each later one once as it opens', async () => {
    const p = await player(10_000);
    const body = await k3Body(100, { periods: 3, multipliers: [1, 2, 4] });
    const res = await chase(p.token, body, 'chase-key-0001');
    expect(res.status, res.text).toBe(200);
    const placed = res.body.data as Chase;
    expect(placed).toMatchObject({ periods: 3, slip_total: 100, total: 700, refunded: 0, status: 'active' });
    expect(placed.list.map((x) => [x.seq, x.multiplier, x.amount, x.state, x.issue])).toEqual([
      [1, 1, 100, 'placed', body.issue],
      [2, 2, 200, 'pending', null],
      [3, 4, 400, 'pending', null],
    ]);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_300);
    expect(await held(p.id)).toBe(600);
    // The key replays the first answer, byte for byte; nothing is held twice.
    const again = await chase(p.token, body, 'chase-key-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(res.text);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_300);
    await conserved(placed);

    // The next period opens: its slip is placed once, however often the job runs.
    await next();
    await jobs().step();
    await jobs().step();
    let [c] = await list(p.token);
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'placed', 'pending']);
    expect(c?.list[1]?.issue).toBe((await openPeriod(t.app, 'df_k3')).issue);
    const slip = await t.app.db
      .selectFrom('bets')
      .select(['total', 'wallet'])
      .where('id', '=', c?.list[1]?.slip_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(slip).toEqual({ total: 200, wallet: 'cash' });
    expect(await held(p.id)).toBe(400);

    await next();
    [c] = await list(p.token);
    expect(c?.status).toBe('done');
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'placed', 'placed']);
    expect(new Set(c?.list.map((x) => x.issue)).size).toBe(3);
    expect(await held(p.id)).toBe(0);
    await conserved(c as Chase);
    // Nothing more is placed for a chase that is done.
    await next();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from bets where user_id = ${p.id}`.execute(t.app.db);
    expect(rows[0]?.n).toBe(3);
  });

  it('refuses what it cannot take, and takes nothing', async () => {
    const p = await player(10_000);
    const refused = async (body: unknown, status: number, error: string, token = p.token) => {
      const res = await chase(token, body);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error).toBe(error);
    };
    await refused(await k3Body(100, { periods: 1 }), 400, 'CHASE_PERIODS_INVALID');
    await refused(await k3Body(100, { periods: 51 }), 400, 'CHASE_PERIODS_INVALID');
    await refused(await k3Body(100, { periods: 3, multipliers: [1, 2] }), 400, 'CHASE_MULTIPLIER_INVALID');
    await refused(await k3Body(100, { periods: 2, multipliers: [1, 0] }), 400, 'CHASE_MULTIPLIER_INVALID');
    // 100 + 10,000 > 10,000 on the balance.
    await refused(await k3Body(100, { periods: 2, multipliers: [1, 100] }), 400, 'INSUFFICIENT_BALANCE');
    // A later period's slip above the play's maximum stake is refused now.
    await refused(await k3Body(10_000, { periods: 2, multipliers: [1, 1000] }), 400, 'STAKE_ABOVE_MAX');
    // The first period is placed now: its refusal refuses the chase.
    await withPeriodLimit(t.app, 50, async () => {
      await refused(await k3Body(100, { periods: 2 }), 400, 'PERIOD_LIMIT_REACHED');
    });
    await refused(await k3Body(100, { periods: 2 }), 403, 'DEMO_NOT_ALLOWED', await guestToken(t.app));
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000);
    expect(await list(p.token)).toEqual([]);
  });
});

describe('cancel, stop on a win, void', () => {
  it('cancel refunds the periods not placed at once; placed slips stand; a second cancel is refused', async () => {
    const p = await player(10_000);
    const other = await player(0);
    const res = await chase(p.token, await k3Body(100, { periods: 5 }));
    const id = (res.body.data as Chase).id;
    await next();
    const nope = await call(t.app, 'POST', API.chaseCancel, { ...auth(other.token), body: { id } });
    expect(nope.status).toBe(404);
    expect(nope.body.error).toBe('CHASE_NOT_FOUND');
    const cancel = await call(t.app, 'POST', API.chaseCancel, {
      ...auth(p.token, { 'idempotency-key': 'cancel-key-01' }),
      body: { id },
    });
    expect(cancel.status, cancel.text).toBe(200);
    const c = cancel.body.data as Chase;
    expect(c).toMatchObject({ status: 'cancelled', refunded: 300 });
    expect(c.list.map((x) => x.state)).toEqual(['placed', 'placed', 'refunded', 'refunded', 'refunded']);
    // The wallet: what was deposited, less the two slips placed, plus what the settled one paid (if it won).
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000 - 200 + paidOut(c));
    expect(await held(p.id)).toBe(0);
    const replay = await call(t.app, 'POST', API.chaseCancel, {
      ...auth(p.token, { 'idempotency-key': 'cancel-key-01' }),
      body: { id },
    });
    expect(replay.text).toBe(cancel.text);
    const twice = await call(t.app, 'POST', API.chaseCancel, { ...auth(p.token), body: { id } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('CHASE_ENDED');
    await next();
    const [after] = await list(p.token);
    expect(after?.list.map((x) => x.state)).toEqual(['placed', 'placed', 'refunded', 'refunded', 'refunded']);
    await conserved(after as Chase);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transactions where kind = 'chase_refund' and reference = ${`chase:${id}`}`.execute(
      t.app.db,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("stop on win: the next slip waits for the last one's result; a win refunds the periods not placed", async () => {
    const p = await player(100_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const plays = await playItems(t.app, 'df_k3');
    // Every total from 4 to 17 and any triple: one item wins whatever the draw.
    const items = plays
      .filter((x) => /^k3\.sum\.\d+$/.test(x.code) || x.code === 'k3.triple.any')
      .map((x) => ({ play_id: x.id, amount: 100 }));
    expect(items).toHaveLength(15);
    const res = await chase(p.token, {
      games_id: k3.game_id,
      issue: k3.issue,
      items,
      periods: 4,
      stop_on_win: true,
    });
    expect(res.status, res.text).toBe(200);
    // Drawn, the next period open, not settled yet: the chase waits for its slip's result before the next slip. A
    // scheduler whose settlement waits for the test's word keeps it there (the file's own scheduler stops meanwhile).
    await s?.stop();
    s = undefined;
    let settleNow = () => undefined as void;
    const gate = new Promise<void>((r) => (settleNow = r));
    const gated = startScheduler({
      db: t.app.db,
      databaseUrl: t.config.databaseUrl,
      context: t.app.drawsContext,
      settle: async (db, now, events) => {
        await gate;
        return t.app.periodSettler(db, now, events);
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      intervalMs: 3_600_000,
      settleIntervalMs: 3_600_000,
      now: () => t.app.clock(),
    });
    try {
      // Its first step (at start, on the clock before the draw) ends before the clock moves.
      await gated.step();
      await drawNext(gated);
      await jobs().step();
      expect((await list(p.token))[0]?.list.map((x) => x.state)).toEqual(['placed', 'pending', 'pending', 'pending']);
      settleNow();
      await gated.settle();
    } finally {
      settleNow();
      await gated.stop();
    }
    await jobs().step();
    const [c] = await list(p.token);
    expect(c?.status).toBe('won');
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'refunded', 'refunded', 'refunded']);
    expect(c?.list[0]?.slip_status).toBe('won');
    expect(c?.refunded).toBe(3 * 1_500);
    expect(await held(p.id)).toBe(0);
    await conserved(c as Chase);
  });

  it("a voided period refunds its slip as any other slip's; the chase goes on", async () => {
    const p = await player(10_000);
    const res = await chase(p.token, await k3Body(100, { periods: 3 }));
    const id = (res.body.data as Chase).id;
    await next();
    const k3 = await openPeriod(t.app, 'df_k3');
    const operator = await t.app.db
      .selectFrom('users')
      .select(['id', 'account'])
      .where('role', '=', 'operator')
      .executeTakeFirstOrThrow();
    await voidPeriod(
      t.app.db,
      { userId: operator.id, account: operator.account },
      { games_id: k3.game_id, issue: k3.issue, reason: 'feed down' },
      t.app.clock(),
    );
    await next();
    const [c] = await list(p.token);
    expect(c?.id).toBe(id);
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'void', 'placed']);
    expect(c?.status).toBe('done');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transactions where kind = 'refund' and reference = ${`bet-refund:${c?.list[1]?.slip_id}`}`.execute(
      t.app.db,
    );
    expect(rows[0]?.n).toBe(1);
    await conserved(c as Chase);
  });
});

describe('limits and protection apply to each period as it is placed', () => {
  it('a per-period limit refusal stops the chase, refunds the rest and tells the player why in his language', async () => {
    const p = await player(10_000);
    const res = await chase(p.token, await k3Body(100, { periods: 4, multipliers: [1, 1, 30, 1] }));
    expect(res.status, res.text).toBe(200);
    await next();
    await withPeriodLimit(t.app, 1_000, async () => {
      await next();
    });
    const [c] = await list(p.token);
    expect(c).toMatchObject({ status: 'refused', stop_reason: 'PERIOD_LIMIT_REACHED', refunded: 3_100 });
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'placed', 'refunded', 'refunded']);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000 - 200 + paidOut(c as Chase));
    await conserved(c as Chase);
    for (const [lang, words] of [
      ['en', 'the next slip would pass the limit per period'],
      ['th', 'โพยถัดไปจะเกินวงเงินต่องวด'],
    ] as const) {
      const inbox = await call(t.app, 'GET', API.msgList, auth(p.token, { lang }));
      const m = (inbox.body.data as { list: { kind: string; body: string }[] }).list.find(
        (x) => x.kind === 'chase_stopped',
      );
      expect(m?.body).toContain(words);
      expect(m?.body).toContain(`#${c?.id}`);
    }
  });

  it("the player's own stake limit binds each period's slip: the chase stops when the next would pass it", async () => {
    const p = await player(10_000);
    const limit = await call(t.app, 'POST', API.protectionLimits, {
      ...auth(p.token),
      body: { changes: [{ kind: 'stake', period: 'day', amount: 250 }] },
    });
    expect(limit.status, limit.text).toBe(200);
    const res = await chase(p.token, await k3Body(100, { periods: 4 }));
    expect(res.status, res.text).toBe(200);
    await next();
    await next();
    const [c] = await list(p.token);
    expect(c).toMatchObject({ status: 'refused', stop_reason: 'STAKE_LIMIT_REACHED', refunded: 200 });
    expect(c?.list.map((x) => x.state)).toEqual(['placed', 'placed', 'refunded', 'refunded']);
    await conserved(c as Chase);
  });

  it('a frozen account and a break stop the chase at the next period', async () => {
    const frozen = await player(10_000);
    const resting = await player(10_000);
    await chase(frozen.token, await k3Body(100, { periods: 3 }));
    await chase(resting.token, await k3Body(100, { periods: 3 }));
    await t.app.db
      .updateTable('users')
      .set({ frozen_at: t.app.clock(), frozen_reason: 'review' })
      .where('id', '=', frozen.id)
      .execute();
    const brk = await call(t.app, 'POST', API.protectionExclude, {
      ...auth(resting.token),
      body: { kind: 'timeout_24h', password: resting.password, confirm: true },
    });
    expect(brk.status, brk.text).toBe(200);
    await next();
    const [a] = await list(resting.token);
    expect(a).toMatchObject({ status: 'refused', stop_reason: 'SELF_EXCLUDED', refunded: 200 });
    await conserved(a as Chase);
    await t.app.db
      .updateTable('users')
      .set({ frozen_at: null, frozen_reason: null })
      .where('id', '=', frozen.id)
      .execute();
    const rows = await t.app.db
      .selectFrom('chases')
      .select(['status', 'stop_reason', 'refunded'])
      .where('user_id', '=', frozen.id)
      .execute();
    expect(rows).toEqual([{ status: 'refused', stop_reason: 'ACCOUNT_FROZEN', refunded: 200 }]);
    expect(await held(frozen.id)).toBe(0);
  });
});
