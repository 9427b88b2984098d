import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '@fairdraw/domain';
import { API, formatMoney } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import {
  auth,
  bankFields,
  channels,
  count,
  guestToken,
  operatorToken,
  playerToken,
  setChannelRate,
  submitBank,
  TEST_PIX_SECRET,
  wallet,
} from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { signWebhook } from '../payments/payment-provider.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';

let t: TestApp;
let ch: Channels;
let op: string;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await buildTestApp({ PIX_SANDBOX_SECRET: TEST_PIX_SECRET });
  ch = await channels(t.app);
  op = await operatorToken(t.app);
  // The demo PIX (BRL) and USDT channels on this THB site: one to one, so the amounts below read the same in both
  // currencies (conversions: currency.int.test.ts).
  for (const id of [ch.pix, ch.trc, ch.erc]) await setChannelRate(t.app, op, id, '1');
  alice = await playerToken(t.app);
  bob = await playerToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const submit = (token: string, body: unknown) => call(t.app, 'POST', API.rechargeSubmit, { ...auth(token), body });
const approve = (id: number) => call(t.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id } });
const reject = (id: number, reason?: string) =>
  call(t.app, 'POST', API.adminRechargeReject, {
    ...auth(op),
    body: { id, ...(reason === undefined ? {} : { reason }) },
  });
const idOf = (res: { body: Record<string, unknown> }) => (res.body.data as { id: number }).id;

describe('channels', () => {
  it('lists the enabled demo channels, without the PIX key', async () => {
    const res = await call(t.app, 'GET', API.rechargeChannels, auth(alice));
    expect(res.status).toBe(200);
    const list = res.body.data as { type: string; name: string; crypto: { address: string } | null }[];
    expect(list.map((c) => c.type)).toEqual(['bank', 'pix', 'crypto', 'crypto']);
    expect(list.every((c) => /demo/i.test(c.name))).toBe(true);
    expect(res.text).not.toContain('7d9f0335');
    expect(list[2]?.crypto?.address).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });
});

describe('submit: the checks, in order, with the exact English messages', () => {
  it.each([
    ['no channel', {}, 400, 'CHANNEL_REQUIRED', 'Please select a payment channel'],
    ['no channel but an amount', { amount: 100 }, 400, 'CHANNEL_REQUIRED', 'Please select a payment channel'],
    ['unknown channel, no amount', { channel_id: 99_999 }, 404, 'CHANNEL_NOT_FOUND', null],
    // 0 is out of the row-id range, so it answers like an unknown channel.
    ['channel 0', { channel_id: 0 }, 404, 'CHANNEL_NOT_FOUND', null],
  ])('%s', async (_label, body, status, key, msg) => {
    const res = await submit(alice, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(key);
    if (msg) expect(res.body.msg).toBe(msg);
  });

  it('amount missing or zero → Please enter the amount; then limits; then fields', async () => {
    for (const amount of [undefined, 0]) {
      const res = await submit(alice, { channel_id: ch.bank, ...(amount === undefined ? {} : { amount }) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'AMOUNT_REQUIRED', msg: 'Please enter the amount' });
    }
    const low = await submit(alice, { channel_id: ch.bank, amount: 9_999 });
    expect(low.body).toMatchObject({
      error: 'AMOUNT_BELOW_MIN',
      msg: `The minimum amount is ${formatMoney(10_000, 'THB', 2, 'en')}`,
    });
    const high = await submit(alice, { channel_id: ch.bank, amount: 10_000_001 });
    expect(high.body).toMatchObject({
      error: 'AMOUNT_ABOVE_MAX',
      msg: `The maximum amount is ${formatMoney(10_000_000, 'THB', 2, 'en')}`,
    });
    for (const field of Object.keys(bankFields)) {
      const body: Record<string, unknown> = { channel_id: ch.bank, amount: 10_000, ...bankFields };
      body[field] = field === 'deposit_time' ? undefined : '  ';
      const res = await submit(alice, body);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ error: 'REQUIRED_FIELDS', msg: 'Please complete all fields' });
    }
    expect(await count(t.app, 'deposits')).toBe(0);
  });

  it("a transfer time past the server's clock (beyond the devices' drift) is refused and records nothing", async () => {
    const carol = await playerToken(t.app);
    const before = await count(t.app, 'deposits');
    const now = t.app.clock().getTime();
    const late = await submit(carol, {
      channel_id: ch.bank,
      amount: 10_000,
      ...bankFields,
      deposit_time: now + 6 * 3_600_000,
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'DEPOSIT_TIME_IN_FUTURE', msg: 'The deposit time is in the future' });
    expect(await count(t.app, 'deposits')).toBe(before);
    const drift = await submit(carol, {
      channel_id: ch.bank,
      amount: 10_000,
      ...bankFields,
      deposit_time: now + 60_000,
    });
    expect(drift.status).toBe(200);
  });

  it('a disabled channel is not found', async () => {
    const save = await call(t.app, 'POST', API.adminChannelSave, {
      ...auth(op),
      body: {
        type: 'bank',
        name: 'Closed bank (demo)',
        enabled: false,
        min: 100,
        max: 1000,
        bank: { payee: 'x', account_number: '1', bank: 'b' },
        crypto: null,
        pix: null,
      },
    });
    expect(save.status).toBe(200);
    const res = await submit(alice, { channel_id: (save.body.data as { id: number }).id, amount: 500 });
    expect(res.body.error).toBe('CHANNEL_NOT_FOUND');
  });

  it('crypto needs a transaction hash in the chain format', async () => {
    const tron = 'a'.repeat(64);
    const eth = `0x${'B'.repeat(64)}`;
    for (const [channel, bad] of [
      [ch.trc, undefined],
      [ch.trc, `0x${'a'.repeat(63)}`],
      [ch.trc, 'g'.repeat(64)],
      [ch.erc, 'a'.repeat(65)],
      [ch.erc, '0x123'],
    ] as const) {
      const res = await submit(alice, { channel_id: channel, amount: 20_000, ...(bad ? { tx_hash: bad } : {}) });
      expect(res.body.error).toBe('TX_HASH_INVALID');
    }
    const ok1 = await submit(alice, { channel_id: ch.trc, amount: 20_000, tx_hash: tron });
    const ok2 = await submit(alice, { channel_id: ch.erc, amount: 20_000, tx_hash: eth });
    expect(ok1.status).toBe(200);
    expect(ok1.body.data).toMatchObject({
      status: 'pending',
      tx_hash: tron,
      pay_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      channel_type: 'crypto',
    });
    expect(ok2.body.data).toMatchObject({ tx_hash: eth, pay_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
  });
});

describe('bank deposit → operator decision', () => {
  it('approve credits exactly the amount, once; a second approve is 409', async () => {
    const before = await wallet(t.app, alice);
    const res = await submitBank(t.app, alice, ch.bank, 123_456);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 123_456, status: 'pending', transfer: bankFields, br_code: null });
    const id = idOf(res);
    expect((await wallet(t.app, alice)).balance).toBe(before.balance);
    const audits = await count(t.app, 'audit_log');
    const ok = await approve(id);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id, status: 'success' });
    expect(typeof (ok.body.data as { user: { account: unknown } }).user.account).toBe('string');
    expect((await wallet(t.app, alice)).balance).toBe(before.balance + 123_456);
    const again = await approve(id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_DECIDED');
    expect((await wallet(t.app, alice)).balance).toBe(before.balance + 123_456);
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const row = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'deposit.approve', target: `deposit:${id}` });
    expect(row.before).toMatchObject({ status: 'pending', amount: 123_456 });
    expect(row.after).toMatchObject({ status: 'success', amount: 123_456 });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('parallel approvals credit once', async () => {
    const id = idOf(await submitBank(t.app, bob, ch.bank, 10_000));
    const before = (await wallet(t.app, bob)).balance;
    const results = await Promise.all(Array.from({ length: 8 }, () => approve(id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await wallet(t.app, bob)).balance).toBe(before + 10_000);
  });

  it('reject needs a reason; the player sees rejected and the reason; nothing is credited', async () => {
    const id = idOf(await submitBank(t.app, alice, ch.bank, 50_000));
    const before = (await wallet(t.app, alice)).balance;
    for (const reason of [undefined, '', '   ']) {
      const res = await reject(id, reason);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('REASON_REQUIRED');
    }
    const audits = await count(t.app, 'audit_log');
    const res = await reject(id, 'No transfer received');
    expect(res.status).toBe(200);
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const list = await call(t.app, 'GET', `${API.rechargeList}?range=today`, auth(alice));
    const mine = (list.body.data as { list: { id: number; status: string; reason: string | null }[] }).list;
    expect(mine.find((d) => d.id === id)).toMatchObject({ status: 'rejected', reason: 'No transfer received' });
    expect((await wallet(t.app, alice)).balance).toBe(before);
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id, 'again')).status).toBe(409);
  });

  it('unknown deposit ids are 404', async () => {
    expect((await approve(987_654)).body.error).toBe('DEPOSIT_NOT_FOUND');
    expect((await reject(987_654, 'x')).body.error).toBe('DEPOSIT_NOT_FOUND');
  });
});

describe('lists', () => {
  it('a player sees only their own deposits, newest first, paged (IDOR)', async () => {
    const mine = await call(t.app, 'GET', `${API.rechargeList}?range=today&limit=2`, auth(bob));
    const data = mine.body.data as { list: { id: number }[]; has_more: boolean; page: number; limit: number };
    const bobIds = (
      await t.app.db
        .selectFrom('deposits as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select('d.id')
        .where(
          'd.user_id',
          '=',
          (
            await t.app.db
              .selectFrom('deposits')
              .select('user_id')
              .where('id', '=', data.list[0]?.id ?? 0)
              .executeTakeFirstOrThrow()
          ).user_id,
        )
        .orderBy('d.id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(data.list.map((d) => d.id)).toEqual(bobIds.slice(0, 2));
    const all = await call(t.app, 'GET', `${API.rechargeList}?range=last7&limit=50`, auth(alice));
    const aliceIds = (all.body.data as { list: { id: number }[] }).list.map((d) => d.id);
    expect(aliceIds.some((id) => bobIds.includes(id))).toBe(false);
    expect(aliceIds).toEqual([...aliceIds].sort((a, b) => b - a));
    const yesterday = await call(t.app, 'GET', `${API.rechargeList}?range=yesterday`, auth(alice));
    expect((yesterday.body.data as { list: unknown[] }).list).toEqual([]);
  });

  it('the operator queue filters by status and searches', async () => {
    const res = await call(t.app, 'GET', `${API.adminRechargeList}?status=rejected`, auth(op));
    const list = (res.body.data as { list: { status: string; user: { account: string } }[] }).list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => d.status === 'rejected')).toBe(true);
    const q = await call(t.app, 'GET', `${API.adminRechargeList}?status=success&q=Somchai`, auth(op));
    expect((q.body.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
    const none = await call(t.app, 'GET', `${API.adminRechargeList}?status=success&q=%25_nobody`, auth(op));
    expect((none.body.data as { list: unknown[] }).list).toEqual([]);
  });
});

describe('PIX and the sandbox webhook', () => {
  async function pixDeposit(token: string, amount: number) {
    const res = await submit(token, { channel_id: ch.pix, amount });
    expect(res.status).toBe(200);
    return res.body.data as { id: number; br_code: string; amount: number };
  }
  function deliver(event: unknown, opts: { secret?: string; ts?: number; raw?: string; provider?: string } = {}) {
    const raw = opts.raw ?? JSON.stringify(event);
    const ts = opts.ts ?? Math.floor(Date.now() / 1000);
    return call(t.app, 'POST', `/api/pay/webhook/${opts.provider ?? 'sandbox'}`, {
      headers: {
        'content-type': 'application/json',
        'x-fd-timestamp': String(ts),
        'x-fd-signature': signWebhook(opts.secret ?? TEST_PIX_SECRET, ts, raw),
        lang: 'en',
      },
      rawBody: raw,
    });
  }

  it('the response carries a valid BR Code with the amount and a txid from the deposit id', async () => {
    const d = await pixDeposit(alice, 12_345);
    expect(verifyBrCode(d.br_code)).toBe(true);
    expect(parseBrCode(d.br_code).amount).toBe(12_345);
    expect(d.br_code).toContain('5406123.45');
    expect(d.br_code).toContain('FAIRDRAW DEMO');
    expect(d.br_code).toContain(`FD${d.id}`);
  });

  it('bad signature, stale or future timestamp, unknown provider, broken body: refused, nothing credited', async () => {
    const d = await pixDeposit(alice, 20_000);
    const before = (await wallet(t.app, alice)).balance;
    const event = { id: 'evt_bad_1', type: 'pix.paid', deposit_id: d.id, amount: 20_000 };
    const now = Math.floor(Date.now() / 1000);
    const bad = await deliver(event, { secret: 'wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await deliver(event, { ts: now - 301 })).body.error).toBe('WEBHOOK_TIMESTAMP_STALE');
    expect((await deliver(event, { ts: now + 400 })).body.error).toBe('WEBHOOK_TIMESTAMP_STALE');
    expect((await deliver(event, { provider: 'acme' })).status).toBe(404);
    expect((await deliver(event, { provider: 'acme' })).body.error).toBe('PROVIDER_NOT_FOUND');
    expect((await deliver(null, { raw: '{"id": "x",' })).body.error).toBe('INVALID_JSON');
    expect((await deliver({ ...event, amount: 19_999 })).body.error).toBe('AMOUNT_INVALID');
    const unsigned = await call(t.app, 'POST', '/api/pay/webhook/sandbox', { body: event, headers: { lang: 'en' } });
    expect(unsigned.status).toBe(400);
    expect((await wallet(t.app, alice)).balance).toBe(before);
    const row = await t.app.db
      .selectFrom('deposits')
      .select(['status', 'provider_ref'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', provider_ref: null });
  });

  it('the same valid webhook ten times (and in parallel) credits once', async () => {
    const d = await pixDeposit(bob, 30_000);
    const before = (await wallet(t.app, bob)).balance;
    const audits = await count(t.app, 'audit_log');
    const event = { id: 'evt_paid_1', type: 'pix.paid', deposit_id: d.id, amount: 30_000 };
    const first = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    const rest = [];
    for (let i = 0; i < 5; i += 1) rest.push(await deliver(event));
    const all = [...first, ...rest];
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(all.filter((r) => (r.body.data as { credited: boolean }).credited)).toHaveLength(1);
    expect((await wallet(t.app, bob)).balance).toBe(before + 30_000);
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_account: 'provider:sandbox', actor_user_id: null, target: `deposit:${d.id}` });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('the operator sandbox confirm completes a PIX deposit once', async () => {
    const d = await pixDeposit(alice, 40_000);
    const before = (await wallet(t.app, alice)).balance;
    const res = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id: d.id } });
    expect(res.status).toBe(200);
    expect((await wallet(t.app, alice)).balance).toBe(before + 40_000);
    const again = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id: d.id } });
    expect(again.status).toBe(409);
    const bank = idOf(await submitBank(t.app, alice, ch.bank, 10_000));
    const notPix = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id: bank } });
    expect(notPix.body.error).toBe('DEPOSIT_NOT_FOUND');
  });
});

describe('channels, operator side', () => {
  const base = { enabled: true, min: 100, max: 1000, sort: 5, bank: null, crypto: null, pix: null };
  it('validates crypto addresses and PIX keys with the domain validators', async () => {
    const save = (body: unknown) => call(t.app, 'POST', API.adminChannelSave, { ...auth(op), body });
    expect(
      (
        await save({
          ...base,
          type: 'crypto',
          name: 'x',
          crypto: { coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
        })
      ).body.error,
    ).toBe('CRYPTO_ADDRESS_INVALID');
    expect(
      (
        await save({
          ...base,
          type: 'crypto',
          name: 'x',
          crypto: { coin: 'USDT-ERC20', address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
        })
      ).body.error,
    ).toBe('CRYPTO_ADDRESS_INVALID');
    expect(
      (
        await save({
          ...base,
          type: 'pix',
          name: 'x',
          pix: { key: '123.456.789-00', merchant_name: 'A', merchant_city: 'B' },
        })
      ).body.error,
    ).toBe('PIX_KEY_INVALID');
    expect(
      (await save({ ...base, type: 'bank', name: 'x', bank: { payee: '', account_number: '1', bank: 'b' } })).body
        .error,
    ).toBe('REQUIRED_FIELDS');
    expect(
      (
        await save({
          ...base,
          type: 'bank',
          name: 'x',
          min: 500,
          max: 100,
          bank: { payee: 'p', account_number: '1', bank: 'b' },
        })
      ).body.error,
    ).toBe('AMOUNT_INVALID');
    expect(
      (
        await save({
          ...base,
          id: 99_999,
          type: 'bank',
          name: 'x',
          bank: { payee: 'p', account_number: '1', bank: 'b' },
        })
      ).body.error,
    ).toBe('CHANNEL_NOT_FOUND');

    const audits = await count(t.app, 'audit_log');
    const created = await save({
      ...base,
      type: 'pix',
      name: 'PIX CPF (demo)',
      pix: { key: '123.456.789-09', merchant_name: 'FAIRDRAW DEMO', merchant_city: 'RIO' },
      rate: '0.155',
    });
    expect(created.status).toBe(200);
    const c = created.body.data as { id: number; pix: { key: string } };
    expect(c.pix.key).toBe('12345678909');
    const updated = await save({
      ...base,
      id: c.id,
      type: 'pix',
      name: 'PIX CPF 2 (demo)',
      pix: { key: '123.456.789-09', merchant_name: 'FAIRDRAW DEMO', merchant_city: 'RIO' },
      rate: '0.155',
    });
    expect(updated.body.data).toMatchObject({ id: c.id, name: 'PIX CPF 2 (demo)' });
    expect(await count(t.app, 'audit_log')).toBe(audits + 2);
    const last = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      action: 'channel.update',
      before: { name: 'PIX CPF (demo)' },
      after: { name: 'PIX CPF 2 (demo)' },
    });
    const list = await call(t.app, 'GET', API.adminChannelList, auth(op));
    expect((list.body.data as { id: number }[]).some((x) => x.id === c.id)).toBe(true);
  });
});

describe('audit list', () => {
  it('is paged, newest first', async () => {
    const res = await call(t.app, 'GET', `${API.adminAuditList}?limit=2`, auth(op));
    expect(res.status).toBe(200);
    const data = res.body.data as { list: { id: number; actor: string; at: number }[]; has_more: boolean };
    expect(data.list).toHaveLength(2);
    expect(data.has_more).toBe(true);
    expect(data.list[0]!.id).toBeGreaterThan(data.list[1]!.id);
    const check = await call(t.app, 'GET', API.adminLedgerCheck, auth(op));
    expect(check.body.data).toMatchObject({ ok: true, total: 0, unbalanced: [], mismatches: [] });
  });
});

describe('guests and roles', () => {
  it('a guest gets the demo grant, and is refused real money with DEMO_NOT_ALLOWED', async () => {
    const guest = await guestToken(t.app);
    expect(await wallet(t.app, guest)).toMatchObject({
      balance: 1_000_000,
      frozen: 0,
      total_assets: 1_000_000,
      available: 1_000_000,
      demo: true,
    });
    const before = await count(t.app, 'deposits');
    for (const [method, url] of [
      ['POST', API.rechargeSubmit],
      ['GET', API.rechargeChannels],
      ['GET', API.rechargeList],
    ] as const) {
      const res = await call(t.app, method, url, {
        ...auth(guest),
        ...(method === 'POST' ? { body: { channel_id: ch.bank, amount: 10_000, ...bankFields } } : {}),
      });
      expect(res.status, url).toBe(403);
      expect(res.body.error, url).toBe('DEMO_NOT_ALLOWED');
    }
    expect(await count(t.app, 'deposits')).toBe(before);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('a player wallet is cash, not demo', async () => {
    const fresh = await playerToken(t.app);
    expect(await wallet(t.app, fresh)).toMatchObject({
      balance: 0,
      demo: false,
      currency: 'THB',
      exponent: 2,
      withdraw_min: 10_000,
      withdraw_max: 5_000_000,
    });
  });

  const ADMIN: [string, 'GET' | 'POST'][] = [
    [API.adminRechargeList, 'GET'],
    [API.adminRechargeApprove, 'POST'],
    [API.adminRechargeReject, 'POST'],
    [API.adminChannelList, 'GET'],
    [API.adminChannelSave, 'POST'],
    [API.adminAuditList, 'GET'],
    [API.adminLedgerCheck, 'GET'],
    [API.adminPixSandboxConfirm, 'POST'],
  ];
  it.each(ADMIN)('%s refuses players and guests (403) and no session (401)', async (url, method) => {
    const guest = await guestToken(t.app);
    // Valid bodies: the refusal must come from the role, not from validation.
    const valid =
      url === API.adminChannelSave
        ? {
            type: 'bank',
            name: 'x',
            enabled: true,
            min: 1,
            max: 2,
            bank: { payee: 'p', account_number: '1', bank: 'b' },
            crypto: null,
            pix: null,
          }
        : { id: 1, reason: 'x' };
    const body = method === 'POST' ? { body: valid } : {};
    const audits = await count(t.app, 'audit_log');
    expect((await call(t.app, method, url, { ...auth(alice), ...body })).status).toBe(403);
    expect((await call(t.app, method, url, { ...auth(guest), ...body })).status).toBe(403);
    expect((await call(t.app, method, url, { headers: { lang: 'en' }, ...body })).status).toBe(401);
    expect(await count(t.app, 'audit_log')).toBe(audits);
  });

  it('an operator cannot deposit', async () => {
    const res = await submitBank(t.app, op, ch.bank, 10_000);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });
});
