import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithdrawal, API, formatMoney, withdrawal, withdrawSettings } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, count, guestToken, operatorToken, wallet } from '../../test/money-helper.ts';
import { bindCard, FUND_PASSWORD, readyPlayer, setFundPassword, submitWithdraw } from '../../test/withdraw-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';

// Withdrawals (docs/trust.md 19, 20, 21, 25): the check order and its exact messages, money held at once
// and released only by the operator's decision, decisions once, the fund-password lock, IDOR, roles and audit.

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const approve = (id: unknown, token = op) =>
  call(t.app, 'POST', API.adminWithdrawApprove, { ...auth(token), body: { id } });
const reject = (id: unknown, reason?: string, token = op) =>
  call(t.app, 'POST', API.adminWithdrawReject, {
    ...auth(token),
    body: { id, ...(reason === undefined ? {} : { reason }) },
  });
const idOf = (res: { body: Record<string, unknown> }) => (res.body.data as { id: number }).id;
const listOwn = async (token: string, query = '') => {
  const res = await call(t.app, 'GET', `${API.withdrawList}${query}`, auth(token));
  expect(res.status).toBe(200);
  return res.body.data as { list: { id: number; status: string; reason: string | null }[]; has_more: boolean };
};
const saveSettings = (body: unknown, token = op) =>
  call(t.app, 'POST', API.adminWithdrawSettings, { ...auth(token), body });
const ledgerRows = async () => [await count(t.app, 'ledger_transactions'), await count(t.app, 'ledger_postings')];

describe('submit: the checks, in order, with the exact English messages', () => {
  it('walks a player through every unmet rule, one at a time, and creates nothing', async () => {
    const p = await registerPlayer(t.app);
    const full = { amount: 20_000, payout_id: 1, fund_password: FUND_PASSWORD };
    const expectError = async (body: unknown, status: number, error: string, msg: string | null, field?: string) => {
      const res = await submitWithdraw(t.app, p.token, body);
      expect(res.status, res.text).toBe(status);
      expect(res.body).toMatchObject({ code: status, error });
      if (msg !== null) expect(res.body.msg).toBe(msg);
      if (field) expect(res.body.field).toBe(field);
    };
    const before = await ledgerRows();
    const audits = await count(t.app, 'audit_log');

    // 1. No fund password: whatever the body says.
    await expectError({}, 400, 'FUND_PASSWORD_NOT_SET', 'Please set the fund password first');
    await expectError(full, 400, 'FUND_PASSWORD_NOT_SET', 'Please set the fund password first');
    await setFundPassword(t.app, p.token);

    // 2. No payout method bound.
    await expectError(full, 400, 'PAYOUT_METHOD_REQUIRED', 'Please bind a wallet, bank card, or PIX first');
    const payoutId = await bindCard(t.app, p);

    // 3. Amount missing or zero.
    await expectError({}, 400, 'AMOUNT_REQUIRED', 'Please enter the amount', 'amount');
    await expectError({ amount: 0, payout_id: payoutId }, 400, 'AMOUNT_REQUIRED', 'Please enter the amount');

    // 4. Outside the settings' limits (defaults 100.00 … 50,000.00, THB).
    await expectError(
      { amount: 9_999 },
      400,
      'AMOUNT_BELOW_MIN',
      `The minimum amount is ${formatMoney(10_000, 'THB', 2, 'en')}`,
      'amount',
    );
    await expectError(
      { amount: 5_000_001 },
      400,
      'AMOUNT_ABOVE_MAX',
      `The maximum amount is ${formatMoney(5_000_000, 'THB', 2, 'en')}`,
      'amount',
    );

    // 5. No payout method chosen, or not one of the player's own active methods.
    await expectError({ amount: 20_000 }, 400, 'REQUIRED_FIELDS', 'Please complete all fields', 'payout_id');
    await expectError({ amount: 20_000, payout_id: payoutId + 1000 }, 404, 'PAYOUT_NOT_FOUND', null);

    // 6. Fund password missing, then wrong (counted: 4 attempts left).
    const body = { amount: 20_000, payout_id: payoutId };
    await expectError(body, 400, 'REQUIRED_FIELDS', 'Please complete all fields', 'fund_password');
    await expectError({ ...body, fund_password: '' }, 400, 'REQUIRED_FIELDS', null, 'fund_password');
    await expectError(
      { ...body, fund_password: '111111' },
      400,
      'FUND_PASSWORD_INCORRECT',
      'Incorrect fund password. Attempts left: 4.',
      'fund_password',
    );

    // 7. Everything right but the balance (the ledger's guard refuses; the withdrawal row rolls back with it).
    await expectError({ ...body, fund_password: FUND_PASSWORD }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient balance');

    expect(await count(t.app, 'withdrawals')).toBe(0);
    expect(await ledgerRows()).toEqual(before);
    expect(await count(t.app, 'audit_log')).toBe(audits);
    expect((await listOwn(p.token)).list).toEqual([]);
  });

  it('other languages translate the same keys', async () => {
    const p = await registerPlayer(t.app);
    const res = await call(t.app, 'POST', API.withdrawSubmit, { headers: { token: p.token, lang: 'th' }, body: {} });
    expect(res.body.error).toBe('FUND_PASSWORD_NOT_SET');
    expect(res.body.msg).not.toBe('Please set the fund password first');
  });
});

describe('request → operator decision', () => {
  it('holds amount + fee at once; approval releases frozen, leaves the balance; a second approval is 409', async () => {
    const saved = await saveSettings({
      fee: { percent_bps: 150, fixed: 100, min: 0, max: null },
      min: 10_000,
      max: 5_000_000,
    });
    expect(saved.status, saved.text).toBe(200);
    const p = await readyPlayer(t.app, op, 100_000);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 100_000, frozen: 0, total_assets: 100_000 });

    const res = await submitWithdraw(t.app, p.token, {
      amount: 20_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    const w = withdrawal.parse(res.body.data);
    // fee = fixed 100 + ceil(20,000 × 1.5 %) = 100 + 300
    expect(w).toMatchObject({ amount: 20_000, fee: 400, status: 'pending', reason: null, decided_at: null });
    expect(w.payout).toMatchObject({ id: p.payoutId, type: 'bank', card_number: '•••• 1111', name: 'Ann Lee' });
    expect(res.text).not.toContain('4111111111111111');
    expect(await wallet(t.app, p.token)).toMatchObject({
      balance: 100_000 - 20_400,
      frozen: 20_400,
      total_assets: 100_000,
      available: 100_000 - 20_400,
    });
    const requestAudit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(requestAudit).toMatchObject({
      action: 'withdraw.request',
      target: `withdrawal:${w.id}`,
      actor_account: p.account,
    });

    const audits = await count(t.app, 'audit_log');
    const ok = await approve(w.id);
    expect(ok.status, ok.text).toBe(200);
    expect(adminWithdrawal.parse(ok.body.data)).toMatchObject({
      id: w.id,
      status: 'paid',
      user: { account: p.account },
    });
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const row = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'withdraw.approve', target: `withdrawal:${w.id}` });
    expect(row.before).toMatchObject({ status: 'pending', amount: 20_000, fee: 400 });
    expect(row.after).toMatchObject({ status: 'paid', amount: 20_000, fee: 400 });
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 79_600, frozen: 0, total_assets: 79_600 });

    const again = await approve(w.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_DECIDED');
    expect((await reject(w.id, 'too late')).status).toBe(409);
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 79_600, frozen: 0 });
    const fees = await t.app.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('key', '=', 'fees')
      .executeTakeFirst();
    expect(fees?.balance).toBe(400);
    expect(await ledgerCheck(t.app.db)).toMatchObject({ ok: true, total: 0 });
    expect((await listOwn(p.token)).list[0]).toMatchObject({ id: w.id, status: 'paid' });

    // Back to no fee for the tests below.
    expect(
      (await saveSettings({ fee: { percent_bps: 0, fixed: 0, min: 0, max: null }, min: 10_000, max: 5_000_000 }))
        .status,
    ).toBe(200);
  });

  it('reject needs a reason; amount + fee return to the balance exactly; the player sees the reason', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const id = idOf(
      await submitWithdraw(t.app, p.token, { amount: 30_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
    );
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 20_000, frozen: 30_000 });
    const audits = await count(t.app, 'audit_log');
    for (const reason of [undefined, '', '   ']) {
      const res = await reject(id, reason);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'REASON_REQUIRED', msg: 'Please give a reason' });
    }
    expect(await count(t.app, 'audit_log')).toBe(audits);
    const res = await reject(id, 'Card holder name does not match');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'rejected', reason: 'Card holder name does not match' });
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const row = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'withdraw.reject', target: `withdrawal:${id}` });
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 50_000, frozen: 0, total_assets: 50_000 });
    expect((await listOwn(p.token)).list[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'Card holder name does not match',
    });
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id, 'again')).status).toBe(409);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 50_000, frozen: 0 });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('unknown withdrawal ids are 404 WITHDRAWAL_NOT_FOUND', async () => {
    for (const id of [987_654, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991]) {
      expect((await approve(id)).body.error).toBe('WITHDRAWAL_NOT_FOUND');
      expect((await reject(id, 'x')).body.error).toBe('WITHDRAWAL_NOT_FOUND');
    }
  });

  it('a replay with the same idempotency key answers the same bytes and moves nothing more', async () => {
    const p = await readyPlayer(t.app, op, 40_000);
    const body = { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
    const first = await submitWithdraw(t.app, p.token, body, 'withdraw-key-0001');
    const second = await submitWithdraw(t.app, p.token, body, 'withdraw-key-0001');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 30_000, frozen: 10_000 });
    const other = await submitWithdraw(t.app, p.token, { ...body, amount: 20_000 }, 'withdraw-key-0001');
    expect(other.status).toBe(422);
    expect((await listOwn(p.token)).list).toHaveLength(1);
  });

  it('storing the answer fails: no money moved, and the retry with the same key moves it once (docs/trust.md 6)', async () => {
    // The answer is stored with the key in the transaction that moves the money, so a failure to store it (a crash,
    // a lost connection at that step) rolls the withdrawal back with it; a retry runs afresh, exactly once.
    const p = await readyPlayer(t.app, op, 40_000);
    const body = { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
    const key = 'withdraw-key-store-fails';
    const withdrawals = await count(t.app, 'withdrawals');
    const transactions = await count(t.app, 'ledger_transactions');
    const db = t.app.db;
    await sql`create function fd_test_refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'the answer cannot be stored'; end $$`.execute(db);
    await sql`create trigger fd_test_refuse_answer before insert or update on idempotency_keys
      for each row when (new.status = 'done') execute function fd_test_refuse_answer()`.execute(db);
    try {
      const failed = await submitWithdraw(t.app, p.token, body, key);
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger fd_test_refuse_answer on idempotency_keys`.execute(db);
      await sql`drop function fd_test_refuse_answer()`.execute(db);
    }
    expect(await count(t.app, 'withdrawals')).toBe(withdrawals);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 40_000, frozen: 0 });

    const retry = await submitWithdraw(t.app, p.token, body, key);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const replay = await submitWithdraw(t.app, p.token, body, key);
    expect(replay.text).toBe(retry.text);
    expect(await count(t.app, 'withdrawals')).toBe(withdrawals + 1);
    expect(await count(t.app, 'ledger_transactions')).toBe(transactions + 1);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 30_000, frozen: 10_000 });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('a deleted payout method cannot be withdrawn to; past withdrawals keep their snapshot', async () => {
    const p = await readyPlayer(t.app, op, 20_000);
    const id = idOf(
      await submitWithdraw(t.app, p.token, { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
    );
    await bindCard(t.app, p, '5500 0000 0000 0004');
    const del = await call(t.app, 'POST', API.payoutDelete, { ...auth(p.token), body: { id: p.payoutId } });
    expect(del.status).toBe(200);
    const res = await submitWithdraw(t.app, p.token, {
      amount: 10_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('PAYOUT_NOT_FOUND');
    const mine = (await listOwn(p.token)).list as unknown as { id: number; payout: { card_number: string } }[];
    expect(mine.find((w) => w.id === id)?.payout.card_number).toBe('•••• 1111');
  });
});

describe('fund password lock', () => {
  it('five wrong fund passwords lock withdrawals (429), the right one included; nothing moves', async () => {
    const p = await readyPlayer(t.app, op, 30_000);
    const body = { amount: 10_000, payout_id: p.payoutId };
    for (let i = 1; i <= 4; i++) {
      const res = await submitWithdraw(t.app, p.token, { ...body, fund_password: '000000' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'FUND_PASSWORD_INCORRECT',
        msg: `Incorrect fund password. Attempts left: ${5 - i}.`,
      });
    }
    const fifth = await submitWithdraw(t.app, p.token, { ...body, fund_password: '000000' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 429, error: 'FUND_PASSWORD_LOCKED' });
    expect(fifth.body.msg).toBe('Too many wrong fund passwords. Withdrawals are locked for 30 min.');
    const right = await submitWithdraw(t.app, p.token, { ...body, fund_password: FUND_PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('FUND_PASSWORD_LOCKED');
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 30_000, frozen: 0 });
    expect((await listOwn(p.token)).list).toEqual([]);
  });
});

describe('IDOR (docs/trust.md 20)', () => {
  it("player B neither sees A's withdrawals nor withdraws to A's payout method", async () => {
    const a = await readyPlayer(t.app, op, 30_000);
    const b = await readyPlayer(t.app, op, 30_000);
    const aId = idOf(
      await submitWithdraw(t.app, a.token, { amount: 10_000, payout_id: a.payoutId, fund_password: FUND_PASSWORD }),
    );
    expect((await listOwn(b.token)).list.map((w) => w.id)).not.toContain(aId);
    expect((await listOwn(a.token)).list.map((w) => w.id)).toEqual([aId]);

    const before = await ledgerRows();
    const withdrawals = await count(t.app, 'withdrawals');
    const res = await submitWithdraw(t.app, b.token, {
      amount: 10_000,
      payout_id: a.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'PAYOUT_NOT_FOUND', field: 'payout_id' });
    expect(await ledgerRows()).toEqual(before);
    expect(await count(t.app, 'withdrawals')).toBe(withdrawals);
    expect(await wallet(t.app, b.token)).toMatchObject({ balance: 30_000, frozen: 0 });
    expect(await wallet(t.app, a.token)).toMatchObject({ balance: 20_000, frozen: 10_000 });

    // B cannot decide A's withdrawal either.
    expect((await approve(aId, b.token)).status).toBe(403);
    expect((await reject(aId, 'no', b.token)).status).toBe(403);
    expect(await wallet(t.app, a.token)).toMatchObject({ balance: 20_000, frozen: 10_000 });
  });
});

describe('roles', () => {
  const adminRoutes: ['GET' | 'POST', string, unknown][] = [
    ['GET', API.adminWithdrawList, undefined],
    ['POST', API.adminWithdrawApprove, { id: 1 }],
    ['POST', API.adminWithdrawReject, { id: 1, reason: 'x' }],
    ['GET', API.adminWithdrawSettings, undefined],
    ['POST', API.adminWithdrawSettings, { fee: { percent_bps: 0, fixed: 0, min: 0, max: null }, min: 1, max: 2 }],
  ];

  it('every /api/admin/withdraw/* route refuses players and guests (403) and no session (401), changing nothing', async () => {
    const player = (await registerPlayer(t.app)).token;
    const guest = await guestToken(t.app);
    const settingsBefore = (await call(t.app, 'GET', API.adminWithdrawSettings, auth(op))).body.data;
    const audits = await count(t.app, 'audit_log');
    for (const [method, url, body] of adminRoutes) {
      for (const token of [player, guest]) {
        const res = await call(t.app, method, url, { ...auth(token), body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.error).toBe('FORBIDDEN');
      }
      for (const headers of [{ lang: 'en' }, { lang: 'en', token: 'not-a-token' }] as Record<string, string>[]) {
        const res = await call(t.app, method, url, { headers, body });
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body.code).toBe(401);
      }
    }
    expect(await count(t.app, 'audit_log')).toBe(audits);
    expect((await call(t.app, 'GET', API.adminWithdrawSettings, auth(op))).body.data).toEqual(settingsBefore);
  });

  it('submit and list are for players: guests 403 DEMO_NOT_ALLOWED, operators 403, no session 401', async () => {
    const guest = await guestToken(t.app);
    for (const [method, url] of [
      ['POST', API.withdrawSubmit],
      ['GET', API.withdrawList],
    ] as const) {
      const body = method === 'POST' ? { amount: 10_000 } : undefined;
      expect((await call(t.app, method, url, { ...auth(guest), body })).body.error).toBe('DEMO_NOT_ALLOWED');
      expect((await call(t.app, method, url, { ...auth(op), body })).status).toBe(403);
      expect((await call(t.app, method, url, { headers: { lang: 'en' }, body })).status).toBe(401);
    }
    const g = await call(t.app, 'POST', API.withdrawSubmit, { ...auth(guest), body: {} });
    expect(g.status).toBe(403);
  });
});

describe('operator list and settings', () => {
  it('lists by status with the player; q searches the account; paged', async () => {
    const p = await readyPlayer(t.app, op, 30_000);
    const id = idOf(
      await submitWithdraw(t.app, p.token, { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
    );
    const res = await call(t.app, 'GET', `${API.adminWithdrawList}?q=${p.account}`, auth(op));
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as { list: unknown[]; has_more: boolean };
    expect(data.list).toHaveLength(1);
    expect(adminWithdrawal.parse(data.list[0])).toMatchObject({
      id,
      status: 'pending',
      user: { account: p.account },
      payout: { type: 'bank', card_number: '•••• 1111' },
      // The operator must know where to send the money: the full number, which the player's own lists mask.
      payout_to: { type: 'bank', card_number: '4111111111111111', name: 'Ann Lee' },
    });
    const mine = await call(t.app, 'GET', API.withdrawList, auth(p.token));
    expect(JSON.stringify(mine.body)).not.toContain('4111111111111111');
    const paid = await call(t.app, 'GET', `${API.adminWithdrawList}?status=paid&q=${p.account}`, auth(op));
    expect((paid.body.data as { list: unknown[] }).list).toEqual([]);
    const none = await call(t.app, 'GET', `${API.adminWithdrawList}?q=nobody_like_this_%25`, auth(op));
    expect((none.body.data as { list: unknown[] }).list).toEqual([]);
    const page = await call(t.app, 'GET', `${API.adminWithdrawList}?limit=1`, auth(op));
    expect((page.body.data as { list: unknown[]; has_more: boolean }).list).toHaveLength(1);
    expect((page.body.data as { has_more: boolean }).has_more).toBe(true);
  });

  it('player list is newest first and paged', async () => {
    const p = await readyPlayer(t.app, op, 30_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        idOf(
          await submitWithdraw(t.app, p.token, { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
        ),
      );
    }
    const first = await listOwn(p.token, '?limit=2');
    expect(first.list.map((w) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await listOwn(p.token, '?limit=2&page=2');
    expect(second.list.map((w) => w.id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 0, frozen: 30_000 });
    expect(
      await getBalances(
        t.app.db,
        (await t.app.db.selectFrom('users').select('id').where('account', '=', p.account).executeTakeFirstOrThrow()).id,
      ),
    ).toEqual({ cash: 0, demo: 0, pending: 30_000 });
  });

  it('settings: read, validated, saved with one audit row, and applied to requests and the wallet', async () => {
    const get = await call(t.app, 'GET', API.adminWithdrawSettings, auth(op));
    expect(get.status).toBe(200);
    const before = withdrawSettings.parse(get.body.data);
    const audits = await count(t.app, 'audit_log');
    const bad = [
      [{ fee: { percent_bps: 0, fixed: 0, min: 500, max: 100 }, min: 10_000, max: 20_000 }, 'AMOUNT_INVALID'],
      [{ fee: { percent_bps: 0, fixed: 0, min: 0, max: null }, min: 30_000, max: 20_000 }, 'AMOUNT_INVALID'],
    ] as const;
    for (const [body, key] of bad) {
      const res = await saveSettings(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(key);
    }
    expect(await count(t.app, 'audit_log')).toBe(audits);
    expect((await call(t.app, 'GET', API.adminWithdrawSettings, auth(op))).body.data).toEqual(before);

    const next = { fee: { percent_bps: 0, fixed: 250, min: 0, max: 1_000 }, min: 20_000, max: 30_000 };
    const ok = await saveSettings(next);
    expect(ok.status, ok.text).toBe(200);
    // A save that leaves require_kyc out keeps it as it was (off by default).
    expect(ok.body.data).toEqual({ ...next, require_kyc: false });
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const row = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'withdraw.settings', before, after: next });

    const p = await readyPlayer(t.app, op, 50_000);
    expect(await wallet(t.app, p.token)).toMatchObject({ withdraw_min: 20_000, withdraw_max: 30_000, fee: next.fee });
    const low = await submitWithdraw(t.app, p.token, { amount: 19_999 });
    expect(low.body.msg).toBe(`The minimum amount is ${formatMoney(20_000, 'THB', 2, 'en')}`);
    const high = await submitWithdraw(t.app, p.token, { amount: 30_001 });
    expect(high.body.msg).toBe(`The maximum amount is ${formatMoney(30_000, 'THB', 2, 'en')}`);
    const res = await submitWithdraw(t.app, p.token, {
      amount: 20_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(res.body.data).toMatchObject({ amount: 20_000, fee: 250 });
    expect(await wallet(t.app, p.token)).toMatchObject({ balance: 29_750, frozen: 20_250 });

    expect((await saveSettings(before)).status).toBe(200);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
