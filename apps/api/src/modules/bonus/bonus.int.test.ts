import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, REBATE_FAMILIES } from '@fairdraw/contract';
import { GAME_FAMILIES } from '@fairdraw/domain';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken, wallet } from '../../test/money-helper.ts';
import { fund, FUND_PASSWORD, readyPlayer, submitWithdraw } from '../../test/withdraw-helper.ts';
import type { WithdrawPlayer } from '../../test/withdraw-helper.ts';
import { bet, CTX, openAt, openPeriod, playItems } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods, voidPeriod } from '../bets/settlement.service.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { computeDailyRebates, computeDueRebates } from './bonus.service.ts';

// The daily rebate end to end, on bets placed and settled by the real code: rates set by the operator, the day's
// turnover computed once (the scheduler's job), the claim, the turnover requirement on withdrawals. Bangkok time:
// the scenario's day is 2031-06-10 (UTC+7), computed at 00:06 the next morning.
const DAY = '2031-06-10';
const DAY_START = new Date('2031-06-10T03:00:00Z'); // 10:00 in Bangkok
const AFTER_MIDNIGHT = new Date('2031-06-10T17:06:00Z'); // 00:06 on 2031-06-11 in Bangkok

let t: TestApp;
let op: string;
let operator: { userId: number; account: string };
let p: WithdrawPlayer;

beforeAll(async () => {
  t = await buildTestApp({ SESSION_TTL_HOURS: String(24 * 365) }, { now: new Date('2031-06-01T00:00:00Z') });
  op = await operatorToken(t.app, 'oprebate');
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', 'oprebate')
    .executeTakeFirstOrThrow();
  operator = { userId: row.id, account: 'oprebate' };
  p = await readyPlayer(t.app, op, 200_000);
});
afterAll(async () => {
  await t.close();
});

const data = <T>(res: { body: Record<string, unknown> }) => res.body.data as T;
type Lock = { locked: number; requirement: number; progress: number; left: number };
type Index = { claimable: number; claimable_days: string[]; bonus: Lock; rates: unknown[] };

async function setRates(rates: { family: string; rate_bps: number; multiple: number }[]) {
  const res = await call(t.app, 'POST', API.adminBonusSettings, { ...auth(op), body: { rates } });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** Stakes `amount` on each of the first `n` plays of the game's open period, from the token's wallet. */
async function stake(token: string, game: string, n: number, amount: number) {
  const period = await openPeriod(t.app, game);
  for (const play of (await playItems(t.app, game)).slice(0, n)) {
    const r = await bet(t.app, token, {
      games_id: period.game_id,
      issue: period.issue,
      items: [{ play_id: play.id, amount }],
    });
    expect(r.status, r.text).toBe(200);
  }
  return period;
}

async function drawAndSettle(period: { draw_at: Date }) {
  await tick(t.app.db, period.draw_at, CTX);
  await settleDrawnPeriods(t.app.db, period.draw_at);
}

/** Valid turnover per family of a user's slips of these periods, recomputed item by item in JavaScript. */
async function validTurnover(userId: number, periodIds: number[]) {
  const items = await t.app.db
    .selectFrom('bet_item_results as bi')
    .innerJoin('bets as b', 'b.id', 'bi.bet_id')
    .innerJoin('games as g', 'g.id', 'b.game_id')
    .select(['g.family', 'b.wallet', 'bi.status', 'bi.amount'])
    .where('b.user_id', '=', userId)
    .where('b.period_id', 'in', periodIds)
    .execute();
  const out = new Map<string, number>();
  for (const i of items) {
    if (i.wallet !== 'cash' || (i.status !== 'won' && i.status !== 'lost')) continue;
    out.set(i.family, (out.get(i.family) ?? 0) + i.amount);
  }
  return out;
}

async function userId(account: string) {
  return (await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

describe('the operator sets the rates', () => {
  it('lists every family; a change is audited with before and after; out-of-range values are refused', async () => {
    expect([...REBATE_FAMILIES].sort()).toEqual([...GAME_FAMILIES].sort());
    const get = await call(t.app, 'GET', API.adminBonusSettings, auth(op));
    expect(data<{ rates: { rate_bps: number }[] }>(get).rates).toHaveLength(5);
    expect(data<{ rates: { rate_bps: number }[] }>(get).rates.every((r) => r.rate_bps === 0)).toBe(true);
    const saved = await setRates([
      { family: 'k3', rate_bps: 200, multiple: 5 },
      { family: 'pk10', rate_bps: 100, multiple: 10 },
    ]);
    expect(data<{ rates: unknown[] }>(saved).rates).toContainEqual({ family: 'k3', rate_bps: 200, multiple: 5 });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'bonus.settings')
      .executeTakeFirstOrThrow();
    expect(audit.actor_account).toBe('oprebate');
    expect((audit.before as { rates: unknown[] }).rates).toContainEqual({ family: 'k3', rate_bps: 0, multiple: 1 });
    expect((audit.after as { rates: unknown[] }).rates).toContainEqual({ family: 'k3', rate_bps: 200, multiple: 5 });

    for (const [body, key] of [
      [{ rates: [{ family: 'k3', rate_bps: 1001, multiple: 1 }] }, 'REBATE_RATE_INVALID'],
      [{ rates: [{ family: 'k3', rate_bps: 10, multiple: 11 }] }, 'REBATE_MULTIPLE_INVALID'],
      [{ rates: [{ family: 'k3', rate_bps: 1.5, multiple: 1 }] }, 'REBATE_RATE_INVALID'],
      [{ rates: [{ family: 'poker', rate_bps: 10, multiple: 1 }] }, 'VALIDATION_FAILED'],
      [{ rates: [] }, 'REQUIRED_FIELDS'],
    ] as const) {
      const res = await call(t.app, 'POST', API.adminBonusSettings, { ...auth(op), body });
      expect(res.body.error, JSON.stringify(body)).toBe(key);
    }
    // Players and guests are refused.
    for (const token of [p.token, await guestToken(t.app)]) {
      const res = await call(t.app, 'POST', API.adminBonusSettings, {
        ...auth(token),
        body: { rates: [{ family: 'k3', rate_bps: 1000, multiple: 0 }] },
      });
      expect(res.status).toBe(403);
    }
    expect(data<{ rates: unknown[] }>(await call(t.app, 'GET', API.adminBonusSettings, auth(op))).rates).toContainEqual(
      { family: 'k3', rate_bps: 200, multiple: 5 },
    );
  });
});

describe("a day's rebate from real settled turnover", () => {
  let periods: number[] = [];

  it('counts settled cash stakes won or lost; demo, voided and unsettled stakes do not count', async () => {
    await openAt(t.app, DAY_START);
    const k3 = await stake(p.token, 'df_k3', 12, 1_000);
    const pk10 = await stake(p.token, 'df_pk10', 3, 2_000);
    // A guest's demo stakes, a voided period's stakes, and a period left unsettled count for nothing.
    const guest = await guestToken(t.app);
    await stake(guest, 'df_k3', 5, 1_000);
    const ssc = await stake(p.token, 'df_ssc', 2, 5_000);
    await voidPeriod(t.app.db, operator, { games_id: ssc.game_id, issue: ssc.issue, reason: 'feed down' }, DAY_START);
    await drawAndSettle(k3);
    await drawAndSettle(pk10);
    await openAt(t.app, new Date('2031-06-10T16:58:00Z')); // 23:58 Bangkok
    const late = await stake(p.token, 'df_k3', 1, 3_000);
    periods = [k3.id, pk10.id];

    // Before the day is over (and its grace), nothing is computed.
    expect(await computeDailyRebates(t.app.db, new Date('2031-06-10T17:02:00Z'), CTX.timeZone)).toMatchObject({
      computed: false,
    });
    const report = await computeDailyRebates(t.app.db, AFTER_MIDNIGHT, CTX.timeZone);
    const turnover = await validTurnover(await userId(p.account), periods);
    const expectedK3 = Math.floor(((turnover.get('k3') ?? 0) * 200) / 10_000);
    const expectedPk10 = Math.floor(((turnover.get('pk10') ?? 0) * 100) / 10_000);
    expect(expectedK3 + expectedPk10).toBeGreaterThan(0);
    expect(report).toEqual({ day: DAY, computed: true, players: 1, total: expectedK3 + expectedPk10 });
    const row = await t.app.db.selectFrom('bonus_rebates').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      day: DAY,
      turnover: (turnover.get('k3') ?? 0) + (turnover.get('pk10') ?? 0),
      amount: expectedK3 + expectedPk10,
      requirement: expectedK3 * 5 + expectedPk10 * 10,
      claimed_at: null,
    });
    // The late slip settles after midnight: it belongs to the next day's turnover.
    await drawAndSettle(late);
  });

  it('is computed once: a second run, and the next day before its grace, add nothing', async () => {
    const before = await t.app.db.selectFrom('bonus_rebates').selectAll().execute();
    expect(await computeDailyRebates(t.app.db, AFTER_MIDNIGHT, CTX.timeZone)).toMatchObject({ computed: false });
    expect(await computeDailyRebates(t.app.db, new Date('2031-06-11T10:00:00Z'), CTX.timeZone)).toMatchObject({
      computed: false,
    });
    expect(await t.app.db.selectFrom('bonus_rebates').selectAll().execute()).toEqual(before);
  });

  it("the leader jobs' loop runs the job", async () => {
    // The next business day (2031-06-11) holds the late slip: the job computes it once its day is over.
    const at = new Date('2031-06-11T17:07:00Z');
    const jobs = t.app.startLeaderJobs({ now: () => at, intervalMs: 3_600_000 });
    await jobs.step();
    await jobs.stop();
    const day = await t.app.db
      .selectFrom('bonus_rebate_days')
      .selectAll()
      .where('day', '=', '2031-06-11')
      .executeTakeFirst();
    expect(day).toBeDefined();
  });
});

describe('the player claims', () => {
  it('sees the claimable amount and the rates; a guest sees rates and nothing to claim', async () => {
    t.app.setClock(() => new Date('2031-06-12T02:00:00Z'));
    const index = data<Index>(await call(t.app, 'GET', API.bonusIndex, auth(p.token)));
    const rows = await t.app.db.selectFrom('bonus_rebates').selectAll().orderBy('day').execute();
    expect(index.claimable).toBe(rows.reduce((s, r) => s + r.amount, 0));
    expect(index.claimable_days).toEqual(rows.map((r) => r.day));
    expect(index.rates).toHaveLength(5);
    const guest = data<Index>(await call(t.app, 'GET', API.bonusIndex, auth(await guestToken(t.app))));
    expect(guest).toMatchObject({ claimable: 0, claimable_days: [] });
    expect((await call(t.app, 'POST', API.bonusClaim, auth(await guestToken(t.app)))).status).toBe(403);
    expect((await call(t.app, 'GET', API.bonusIndex, {})).status).toBe(401);
  });

  it('parallel claims credit once, from the bonus account, under the kind rebate', async () => {
    const before = await wallet(t.app, p.token);
    const rows = await t.app.db.selectFrom('bonus_rebates').selectAll().orderBy('day').execute();
    const total = rows.reduce((s, r) => s + r.amount, 0);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, 'POST', API.bonusClaim, auth(p.token))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'BONUS_NOTHING_TO_CLAIM')).toHaveLength(5);
    const ok = answers.find((a) => a.status === 200);
    expect(data<{ claimed: number; days: string[] }>(ok ?? { body: {} })).toMatchObject({
      claimed: total,
      days: rows.map((r) => r.day),
    });
    const after = await wallet(t.app, p.token);
    expect(after.balance).toBe(before.balance + total);
    const { rows: postings } = await sql<{ kind: string; reference: string; key: string; amount: number }>`
      select t.kind, t.reference, a.key, p.amount from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
      where t.kind = 'rebate' order by t.id, a.key`.execute(t.app.db);
    expect(postings).toEqual(
      rows.flatMap((r) => [
        { kind: 'rebate', reference: `rebate:${r.id}`, key: 'bonus', amount: -r.amount },
        { kind: 'rebate', reference: `rebate:${r.id}`, key: `player_cash:${r.user_id}`, amount: r.amount },
      ]),
    );
    expect(await ledgerCheck(t.app.db)).toMatchObject({ ok: true });
  });

  it('the history lists each day, newest first, paged', async () => {
    const page1 = data<{ list: { day: string; status: string }[]; has_more: boolean }>(
      await call(t.app, 'GET', `${API.bonusList}?page=1&limit=1`, auth(p.token)),
    );
    expect(page1.list).toHaveLength(1);
    expect(page1.list[0]).toMatchObject({ status: 'claimed' });
    const all = data<{ list: { day: string }[]; has_more: boolean }>(
      await call(t.app, 'GET', API.bonusList, auth(p.token)),
    );
    expect(all.has_more).toBe(false);
    expect(all.list.map((r) => r.day)).toEqual([...all.list.map((r) => r.day)].sort().reverse());
    expect(page1.has_more).toBe(all.list.length > 1);
  });
});

describe('the turnover requirement', () => {
  it('holds the bonus back from withdrawal, naming what is left, until settled stakes reach it', async () => {
    const w = await wallet(t.app, p.token);
    const lock = (await call(t.app, 'GET', API.wallet, auth(p.token))).body.data as {
      bonus: Lock;
      withdrawable: number;
    };
    const rows = await t.app.db.selectFrom('bonus_rebates').selectAll().execute();
    expect(lock.bonus).toEqual({
      locked: rows.reduce((s, r) => s + r.amount, 0),
      requirement: rows.reduce((s, r) => s + r.requirement, 0),
      progress: 0,
      left: rows.reduce((s, r) => s + r.requirement, 0),
    });
    expect(lock.withdrawable).toBe(w.balance - lock.bonus.locked);
    // Everything: refused, and nothing moves.
    const ledgerBefore = await t.app.db
      .selectFrom('ledger_transactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const all = await submitWithdraw(t.app, p.token, {
      amount: w.balance,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(all.body.error, all.text).toBe('BONUS_TURNOVER_REQUIRED');
    expect(all.body.msg).toContain((lock.bonus.left / 100).toFixed(2));
    expect(
      await t.app.db
        .selectFrom('ledger_transactions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(ledgerBefore);
    // What is not bonus can go.
    const part = await submitWithdraw(t.app, p.token, {
      amount: lock.withdrawable,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(part.status, part.text).toBe(200);
    expect((await wallet(t.app, p.token)).balance).toBe(lock.bonus.locked);

    // Stakes placed after the claim and settled count; the bonus is then free. Fund first: the bonus alone is small.
    await openAt(t.app, new Date('2031-06-12T03:00:10Z'));
    await fund(t.app, op, p.token, 100_000);
    let progress = 0;
    for (let round = 0; round < 5 && progress < lock.bonus.requirement; round++) {
      const at = new Date(Date.parse('2031-06-12T04:00:10Z') + round * 3_600_000);
      await openAt(t.app, at);
      const period = await stake(p.token, 'df_k3', 10, Math.ceil(lock.bonus.requirement / 5));
      // Unsettled stakes do not count yet.
      const pending = data<{ bonus: Lock }>(await call(t.app, 'GET', API.wallet, auth(p.token))).bonus;
      expect(pending.progress).toBe(progress);
      await drawAndSettle(period);
      progress = data<{ bonus: Lock }>(await call(t.app, 'GET', API.wallet, auth(p.token))).bonus.progress;
      const counted = [...(await validTurnover(await userId(p.account), [period.id])).values()].reduce(
        (s, v) => s + v,
        0,
      );
      expect(counted).toBeGreaterThan(0);
    }
    const freed = data<{ bonus: Lock; withdrawable: number; balance: number }>(
      await call(t.app, 'GET', API.wallet, auth(p.token)),
    );
    expect(freed.bonus).toEqual({ locked: 0, requirement: 0, progress: 0, left: 0 });
    expect(freed.withdrawable).toBe(freed.balance);
    const rest = await submitWithdraw(t.app, p.token, {
      amount: freed.balance,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(rest.status, rest.text).toBe(200);
    expect(await ledgerCheck(t.app.db)).toMatchObject({ ok: true });
  }, 90_000); // five hours of periods opened and settled: a long scenario, not a wait
});

describe('days the job missed', () => {
  it('are computed later, oldest first, each once; days before the first computed one never are', async () => {
    // Every instance down from 2031-06-12 to just after midnight of 2031-06-15 (Bangkok): 06-12 (whose slips settled
    // above), 06-13 and 06-14 are due; 06-10 and 06-11 were computed; the days before 06-10 never are.
    const at = new Date('2031-06-14T17:10:00Z');
    const days = await computeDueRebates(t.app.db, at, CTX.timeZone);
    expect(days.map((d) => d.day)).toEqual(['2031-06-12', '2031-06-13', '2031-06-14']);
    const turnover = await t.app.db
      .selectFrom('bonus_rebates')
      .select(['user_id', 'turnover'])
      .where('day', '=', '2031-06-12')
      .execute();
    expect(turnover.map((r) => r.user_id)).toEqual([await userId(p.account)]);
    expect(turnover[0]!.turnover).toBeGreaterThan(0);
    expect(days[0]).toMatchObject({ computed: true, players: 1 });
    expect(days.slice(1)).toEqual([
      { day: '2031-06-13', computed: true, players: 0, total: 0 },
      { day: '2031-06-14', computed: true, players: 0, total: 0 },
    ]);
    const all = await t.app.db.selectFrom('bonus_rebate_days').select('day').orderBy('day').execute();
    expect(all.map((d) => d.day)).toEqual(['2031-06-10', '2031-06-11', '2031-06-12', '2031-06-13', '2031-06-14']);
    expect(await computeDueRebates(t.app.db, at, CTX.timeZone)).toEqual([]);
  });
});
