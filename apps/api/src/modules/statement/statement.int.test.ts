import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@fairdraw/domain';
import { STATEMENT_CSV_TEXTS, API } from '@fairdraw/contract';
import type { StatementHistory, StatementMovement } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';
import { readyPlayer, submitWithdraw, FUND_PASSWORD } from '../../test/withdraw-helper.ts';
import type { WithdrawPlayer } from '../../test/withdraw-helper.ts';
import { bet, CTX, openPeriod, openWhenBetsTaken, playItems, userIdOf } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';
import { addMonths, exportCsv, exportRange } from './statement.service.ts';

const TZ = 'Asia/Bangkok';
const DAY = 86_400_000;
let t: TestApp;
let op: string;
let a: WithdrawPlayer;
let now: Date;
let today: string;

async function history(token: string, page = 1, limit = 50, lang = 'en') {
  const res = await call(t.app, 'GET', `${API.accountHistory}?page=${page}&limit=${limit}`, auth(token, { lang }));
  expect(res.status, res.text).toBe(200);
  return res.body.data as StatementHistory;
}

async function allMovements(token: string): Promise<StatementMovement[]> {
  const out: StatementMovement[] = [];
  for (let page = 1; ; page++) {
    const h = await history(token, page, 7);
    out.push(...h.list);
    if (!h.has_more) return out;
  }
}

function exportCall(token: string, from: string, to: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `${API.accountExport}?from=${from}&to=${to}`,
    headers: { token, lang },
  });
}

async function balances(userId: number) {
  const rows = await t.app.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { cash: of('player_cash'), frozen: of('withdrawals_pending') };
}

beforeAll(async () => {
  // Sessions expire by the app's clock: a year's lifetime keeps them alive when the clock moves 93 days on.
  t = await buildTestApp({ SESSION_TTL_HOURS: String(24 * 365) });
  op = await operatorToken(t.app);
  // The ledger stamps its rows with the app's clock, set to a moment K3 takes bets, a few seconds on at most (not
  // between a seal and its draw).
  now = await openWhenBetsTaken(t.app, 'df_k3');
  today = localDate(now.getTime(), TZ);
  // A: a deposit of 500.00, a withdrawal paid and one rejected, bets on every K3 play of one period (so some win).
  a = await readyPlayer(t.app, op, 50_000);
  for (const decide of [API.adminWithdrawApprove, API.adminWithdrawReject]) {
    const w = await submitWithdraw(t.app, a.token, {
      amount: 10_000,
      payout_id: a.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(w.status, w.text).toBe(200);
    const id = (w.body.data as { id: number }).id;
    const res = await call(t.app, 'POST', decide, { ...auth(op), body: { id, reason: 'checked' } });
    expect(res.status, res.text).toBe(200);
  }
  const k3 = await openPeriod(t.app, 'df_k3');
  for (const play of await playItems(t.app, 'df_k3')) {
    const r = await bet(t.app, a.token, {
      games_id: k3.game_id,
      issue: k3.issue,
      items: [{ play_id: play.id, amount: 100 }],
    });
    expect(r.status, r.text).toBe(200);
  }
  await tick(t.app.db, k3.draw_at, CTX);
  await settleDrawnPeriods(t.app.db, k3.draw_at);
}, 120_000);

afterAll(async () => {
  t.app.setClock(undefined);
  await t.close();
});

describe('GET /api/account/history', () => {
  it('lists every movement with its cause and sign, newest first; the sums are the balances', async () => {
    const moves = await allMovements(a.token);
    const ids = moves.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const causes = new Set(moves.map((m) => m.cause));
    for (const c of ['deposit', 'withdrawal_held', 'withdrawal_paid', 'withdrawal_refunded', 'bet_staked', 'bet_won']) {
      expect(causes, c).toContain(c);
    }
    const sign = (cause: string, wallet: string) =>
      new Set(moves.filter((m) => m.cause === cause && m.wallet === wallet).map((m) => Math.sign(m.amount)));
    expect(sign('deposit', 'balance')).toEqual(new Set([1]));
    expect(sign('bet_staked', 'balance')).toEqual(new Set([-1]));
    expect(sign('bet_won', 'balance')).toEqual(new Set([1]));
    expect(sign('withdrawal_held', 'balance')).toEqual(new Set([-1]));
    expect(sign('withdrawal_held', 'frozen')).toEqual(new Set([1]));
    expect(sign('withdrawal_paid', 'frozen')).toEqual(new Set([-1]));
    expect(sign('withdrawal_paid', 'balance')).toEqual(new Set());
    expect(sign('withdrawal_refunded', 'frozen')).toEqual(new Set([-1]));
    expect(sign('withdrawal_refunded', 'balance')).toEqual(new Set([1]));
    // References: the deposit by id, each slip by id with its period's issue.
    const k3Issue = moves.find((m) => m.cause === 'bet_staked')?.issue;
    expect(k3Issue).toMatch(/^\d{8}-\d+$/);
    for (const m of moves) {
      if (m.cause.startsWith('bet_')) expect(m).toMatchObject({ ref_type: 'slip', issue: k3Issue });
      if (m.cause === 'deposit') expect(m.ref_type).toBe('deposit');
      if (m.cause.startsWith('withdrawal_')) expect(m.ref_type).toBe('withdrawal');
      expect(m.ref_id).toBeGreaterThan(0);
    }
    // A started from nothing: the listed amounts of each wallet sum to its balance, and each balance_after is the
    // running sum (oldest first).
    const bal = await balances(await userIdOf(t.app, a.token));
    const sum = (wallet: string) => moves.filter((m) => m.wallet === wallet).reduce((s, m) => s + m.amount, 0);
    expect(sum('balance')).toBe(bal.cash);
    expect(sum('frozen')).toBe(bal.frozen);
    const running = { balance: 0, frozen: 0 };
    for (const m of [...moves].reverse()) {
      running[m.wallet] += m.amount;
      expect(m.balance_after, `movement ${m.id}`).toBe(running[m.wallet]);
    }
  });

  it('pages end with has_more false and say since when movements are listed', async () => {
    const first = await history(a.token, 1, 5);
    expect(first.list).toHaveLength(5);
    expect(first.has_more).toBe(true);
    expect(first).toMatchObject({ opened: today, today, time_zone: TZ });
    expect(first.since).toBeLessThan(now.getTime() - 88 * DAY);
    const beyond = await history(a.token, 1000, 50);
    expect(beyond).toMatchObject({ list: [], has_more: false });
  });

  it('lists only the last 3 months: a movement older than that is not listed', async () => {
    try {
      t.app.setClock(() => new Date(now.getTime() + 85 * DAY));
      expect((await allMovements(a.token)).length).toBeGreaterThan(10);
      t.app.setClock(() => new Date(now.getTime() + 93 * DAY));
      const later = await history(a.token);
      expect(later).toMatchObject({ list: [], has_more: false });
      expect(later.since).toBeGreaterThan(now.getTime());
      expect(later.today).toBe(addDays(today, 93));
    } finally {
      t.app.setClock(() => now);
    }
  });

  it('player B never sees A’s movements; a guest and an operator are refused', async () => {
    const b = await registerPlayer(t.app);
    expect((await history(b.token)).list).toEqual([]);
    const csv = await exportCall(b.token, today, today);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    const guest = await call(t.app, 'GET', API.accountHistory, auth(await guestToken(t.app)));
    expect(guest.status).toBe(403);
    expect(guest.body.error).toBe('DEMO_NOT_ALLOWED');
    const opRes = await call(t.app, 'GET', API.accountHistory, auth(op));
    expect(opRes.status).toBe(403);
    const none = await call(t.app, 'GET', API.accountHistory);
    expect(none.status).toBe(401);
  });
});

describe('GET /api/account/export', () => {
  it('streams a CSV with a BOM, the header in the player’s language and one line per movement', async () => {
    const res = await exportCall(a.token, today, today, 'th');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="account-history-${today}-to-${today}.csv"`);
    expect(res.headers['content-length']).toBeUndefined();
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(STATEMENT_CSV_TEXTS.th.header.join(','));
    expect(lines[0]).toContain('ยอดคงเหลือหลังรายการ');
    const moves = await allMovements(a.token);
    expect(lines).toHaveLength(moves.length + 1);
    // Oldest first; the first line is the deposit of 500.00 in Thai, the last line's balance is the wallet's.
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,ฝากเงินเข้า,ยอดเงิน,500\.00,500\.00,THB,ฝาก \d+$/);
    const newest = moves[0];
    if (!newest) throw new Error('no movements');
    const last = lines[lines.length - 1]?.split(',') ?? [];
    expect(last[3]).toBe((newest.amount / 100).toFixed(2));
    expect(last[4]).toBe((newest.balance_after / 100).toFixed(2));
    expect(text).toContain(',-100.00,');
  });

  it('refuses from after to, more than 12 months and a start before the account was opened, with keys', async () => {
    const refused = async (from: string, to: string, key: string) => {
      const res = await exportCall(a.token, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: key, data: null });
      expect(res.json<{ msg: string }>().msg).not.toBe(key);
    };
    await refused(today, addDays(today, -1), 'EXPORT_RANGE_INVALID');
    await refused(today, addMonths(today, 12), 'EXPORT_RANGE_TOO_LONG');
    await refused(addDays(today, -1), today, 'EXPORT_BEFORE_ACCOUNT');
    await refused('2026-02-30', today, 'VALIDATION_FAILED');
    await refused('yesterday', today, 'VALIDATION_FAILED');
    // Twelve months less a day is allowed.
    const ok = await exportCall(a.token, today, addDays(addMonths(today, 12), -1));
    expect(ok.statusCode).toBe(200);
  });

  it('exports 20,000 movements page by page, never the whole range at once, with exact balances', async () => {
    const p = await readyPlayer(t.app, op, 10_000);
    const userId = await userIdOf(t.app, p.token);
    // 10,000 credits of 1.00 and 10,000 debits of 0.50, balanced against house-wide accounts (the ledger check after
    // this file holds them to it).
    await sql`
      with tx as (
        insert into ledger_transactions (kind, reference, created_at)
        select case when g % 2 = 0 then 'deposit' else 'stake' end, 'bulk:' || ${userId} || ':' || g, ${t.app.clock()}
        from generate_series(1, 20000) g
        returning id, kind
      ), acc as (
        select (select id from ledger_accounts where key = 'player_cash:' || ${userId}) as cash,
               (select id from ledger_accounts where key = 'deposits_clearing') as clearing,
               (select id from ledger_accounts where key = 'house') as house
      )
      insert into ledger_postings (transaction_id, account_id, amount)
      select tx.id, acc.cash, case when tx.kind = 'deposit' then 100 else -50 end from tx, acc
      union all
      select tx.id, case when tx.kind = 'deposit' then acc.clearing else acc.house end,
             case when tx.kind = 'deposit' then -100 else 50 end from tx, acc`.execute(t.app.db);
    await sql`update ledger_accounts set balance = balance + case key
        when ${`player_cash:${userId}`} then 500000 when 'deposits_clearing' then -1000000 else 500000 end
      where key in (${`player_cash:${userId}`}, 'deposits_clearing', 'house')`.execute(t.app.db);
    const cash = (await balances(userId)).cash;
    expect(cash).toBe(10_000 + 500_000);

    // The service yields the header, then one chunk per page of 1,000 movements.
    const range = await exportRange(t.app.db, userId, { from: today, to: today }, TZ);
    const chunks: string[] = [];
    for await (const chunk of exportCsv(t.app.db, userId, range, 'en', 'THB', TZ)) chunks.push(chunk);
    const rowsPerChunk = chunks.slice(1).map((c) => c.split('\r\n').length - 1);
    expect(rowsPerChunk.reduce((s, n) => s + n, 0)).toBe(20_001);
    expect(Math.max(...rowsPerChunk)).toBe(1000);
    expect(chunks.length).toBe(1 + 21);

    const res = await exportCall(p.token, today, today);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(chunks.join(''));
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(20_002);
    expect(lines[1]?.split(',').slice(1, 5)).toEqual(['Deposit credited', 'Balance', '100.00', '100.00']);
    expect(lines.at(-1)?.split(',')[4]).toBe((cash / 100).toFixed(2));
    // The amounts of the CSV sum to the balance.
    const total = lines.slice(1).reduce((s, l) => s + Math.round(Number(l.split(',')[3]) * 100), 0);
    expect(total).toBe(cash);
  }, 120_000);
});
