import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROW_ID_MAX } from '@fairdraw/contract';
import { signWebhook } from '../modules/payments/payment-provider.ts';
import { buildTestApp, call, registerPlayer } from './helper.ts';
import { expectRefused, JSON_HEADERS } from './bad-input.ts';
import type { TestApp } from './helper.ts';
import {
  auth,
  bankFields,
  channels,
  count,
  operatorToken,
  playerToken,
  setChannelRate,
  submitBank,
} from './money-helper.ts';
import type { Channels } from './money-helper.ts';

// Values PostgreSQL cannot store (docs/trust.md 33) — an id beyond `integer`, a NUL character, a
// lone surrogate — are refused by the contract with a 4xx, never reach SQL, and change nothing. An id out of range
// answers exactly what an unknown id answers.

const SECRET = randomBytes(32).toString('hex');
const BEYOND_INT4 = 3_000_000_000;
const UNKNOWN = ROW_ID_MAX; // never reached by a test database's identity columns

let t: TestApp;
let ch: Channels;
let player: string;
let op: string;
let depositId: number;
beforeAll(async () => {
  t = await buildTestApp({ PIX_SANDBOX_SECRET: SECRET });
  ch = await channels(t.app);
  player = await playerToken(t.app);
  op = await operatorToken(t.app);
  const d = await submitBank(t.app, player, ch.bank, 10_000);
  depositId = (d.body.data as { id: number }).id;
});
afterAll(async () => {
  await t.close();
});

const TABLES = [
  'users',
  'sessions',
  'login_attempts',
  'deposits',
  'withdrawals',
  'recharge_channels',
  'audit_log',
  'ledger_postings',
  'ledger_transactions',
  'idempotency_keys',
];
const counts = async () => Promise.all(TABLES.map((name) => count(t.app, name)));

type Probe = { url: string; token: () => string; body: (id: number) => Record<string, unknown> };

const channelBody = (id: number) => ({
  id,
  type: 'bank',
  name: 'x',
  enabled: true,
  min: 1,
  max: 2,
  bank: { payee: 'p', account_number: '1', bank: 'b' },
  crypto: null,
  pix: null,
});

const PROBES: [string, Probe][] = [
  [
    'deposit channel_id',
    { url: API.rechargeSubmit, token: () => player, body: (id) => ({ channel_id: id, amount: 10_000, ...bankFields }) },
  ],
  ['deposit approve', { url: API.adminRechargeApprove, token: () => op, body: (id) => ({ id }) }],
  ['deposit reject', { url: API.adminRechargeReject, token: () => op, body: (id) => ({ id, reason: 'no' }) }],
  ['withdrawal approve', { url: API.adminWithdrawApprove, token: () => op, body: (id) => ({ id }) }],
  ['withdrawal reject', { url: API.adminWithdrawReject, token: () => op, body: (id) => ({ id, reason: 'no' }) }],
  ['channel save', { url: API.adminChannelSave, token: () => op, body: channelBody }],
  ['sandbox confirm', { url: API.adminPixSandboxConfirm, token: () => op, body: (id) => ({ id }) }],
  ['payout delete', { url: API.payoutDelete, token: () => player, body: (id) => ({ id }) }],
  [
    'bet games_id',
    {
      url: API.bet,
      token: () => player,
      body: (id) => ({ games_id: id, issue: '20260101-0001', items: [{ play_id: 1, amount: 100 }] }),
    },
  ],
  [
    'period void games_id',
    {
      url: API.adminPeriodVoid,
      token: () => op,
      body: (id) => ({ games_id: id, issue: '20260101-0001', reason: 'x' }),
    },
  ],
];

describe('an id beyond PostgreSQL integer answers like an unknown id', () => {
  it.each(PROBES)('%s', async (_label, probe) => {
    const before = await counts();
    const unknown = await call(t.app, 'POST', probe.url, { ...auth(probe.token()), body: probe.body(UNKNOWN) });
    expectRefused(unknown, `${probe.url} unknown`);
    for (const id of [BEYOND_INT4, ROW_ID_MAX + 1, 0, -1]) {
      const res = await call(t.app, 'POST', probe.url, { ...auth(probe.token()), body: probe.body(id) });
      expectRefused(res, `${probe.url} ${id}`);
      expect({ status: res.status, error: res.body.error }, `${probe.url} ${id}`).toEqual({
        status: unknown.status,
        error: unknown.body.error,
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("the issue's case: a deposit on channel 3000000000 is 404 CHANNEL_NOT_FOUND", async () => {
    const res = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(player),
      body: { channel_id: BEYOND_INT4, amount: 10_000 },
    });
    expect(res.body).toMatchObject({ code: 404, error: 'CHANNEL_NOT_FOUND', field: 'channel_id' });
  });

  it('a query id beyond integer answers like an unknown game', async () => {
    for (const url of [
      `${API.history}?games_id=`,
      `${API.verify}?issue=20260101-0001&games_id=`,
      `${API.playItems}?group_id=`,
    ]) {
      const unknown = await call(t.app, 'GET', `${url}${UNKNOWN}`, auth(player));
      const beyond = await call(t.app, 'GET', `${url}${BEYOND_INT4}`, auth(player));
      expectRefused(beyond, url);
      expect([beyond.status, beyond.body.error], url).toEqual([unknown.status, unknown.body.error]);
    }
  });

  it('a signed webhook naming deposit 3000000000 is 404 DEPOSIT_NOT_FOUND and credits nothing', async () => {
    const before = await counts();
    for (const deposit_id of [BEYOND_INT4, UNKNOWN]) {
      const raw = JSON.stringify({ id: `evt_${deposit_id}`, type: 'pix.paid', deposit_id, amount: 10_000 });
      const ts = Math.floor(Date.now() / 1000);
      const res = await call(t.app, 'POST', '/api/pay/webhook/sandbox', {
        headers: { ...JSON_HEADERS, 'x-fd-timestamp': String(ts), 'x-fd-signature': signWebhook(SECRET, ts, raw) },
        rawBody: raw,
      });
      expectRefused(res, `webhook ${deposit_id}`);
      expect(res.body).toMatchObject({ code: 404, error: 'DEPOSIT_NOT_FOUND' });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('strings PostgreSQL cannot store are refused at the contract', () => {
  it("the issue's case: a login with a NUL in the account is 400 VALIDATION_FAILED on account", async () => {
    const before = await counts();
    const res = await call(t.app, 'POST', API.login, {
      headers: { lang: 'en' },
      body: { account: 'ab\u0000cd', password: 'secret123' },
    });
    expect(res.body).toEqual({
      code: 400,
      msg: 'Invalid input',
      data: null,
      error: 'VALIDATION_FAILED',
      field: 'account',
    });
    expect(await counts()).toEqual(before);
  });

  // A URL carries bytes: a NUL is %00; a lone surrogate has no UTF-8 form at all (see the next test).
  it.each([
    ['NUL', 'a\u0000b', 'a%00b'],
    ['a lone high surrogate', 'a\ud800b', 'a%00b'],
    ['a lone low surrogate', 'a\udc00', 'a%00b'],
  ])('%s in a body, a nested body field, a query and a path parameter', async (_label, bad, inUrl) => {
    const before = await counts();
    const cases: [string, Awaited<ReturnType<typeof call>>, string][] = [
      [
        'register',
        await call(t.app, 'POST', API.register, {
          headers: { lang: 'en' },
          body: { account: 'abcd1234', password: 'abc123', confirm_password: 'abc123', nickname: bad, adult: true },
        }),
        'nickname',
      ],
      [
        'deposit',
        await call(t.app, 'POST', API.rechargeSubmit, {
          ...auth(player),
          body: { channel_id: ch.bank, amount: 10_000, ...bankFields, payer_name: bad },
        }),
        'payer_name',
      ],
      [
        'channel save',
        await call(t.app, 'POST', API.adminChannelSave, {
          ...auth(op),
          body: { ...channelBody(ch.bank), bank: { payee: 'p', account_number: bad, bank: 'b' } },
        }),
        'bank.account_number',
      ],
      [
        'reject reason',
        await call(t.app, 'POST', API.adminRechargeReject, { ...auth(op), body: { id: depositId, reason: bad } }),
        'reason',
      ],
      ['queue search', await call(t.app, 'GET', `${API.adminRechargeList}?q=${inUrl}`, auth(op)), 'q'],
      [
        'webhook provider',
        await call(t.app, 'POST', `/api/pay/webhook/${inUrl}`, {
          headers: { ...JSON_HEADERS, lang: 'en' },
          rawBody: '{}',
        }),
        'provider',
      ],
    ];
    for (const [label, res, field] of cases) {
      expectRefused(res, label);
      expect(res.body, label).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', field });
    }
    expect(await counts()).toEqual(before);
  });

  it('bytes that are not UTF-8 in a query or a path are refused or read as U+FFFD, never a 500', async () => {
    const before = await counts();
    for (const bytes of ['%ED%A0%80', '%FF', '%C3', '%C0%80', '%']) {
      for (const url of [`${API.adminRechargeList}?q=a${bytes}`, `/api/pay/webhook/a${bytes}`]) {
        const res = await call(t.app, url.includes('webhook') ? 'POST' : 'GET', url, {
          headers: { ...auth(op).headers, ...JSON_HEADERS },
          rawBody: '{}',
        });
        expect(res.status, `${url}: ${res.text}`).toBeLessThan(500);
        if (res.status >= 400) expectRefused(res, url);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('a signed webhook whose event id holds a NUL is refused and credits nothing', async () => {
    await setChannelRate(t.app, op, ch.pix, '1');
    const pix = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(player),
      body: { channel_id: ch.pix, amount: 10_000 },
    });
    const id = (pix.body.data as { id: number }).id;
    const before = await counts();
    const raw = JSON.stringify({ id: 'evt\u0000x', type: 'pix.paid', deposit_id: id, amount: 10_000 });
    const ts = Math.floor(Date.now() / 1000);
    const res = await call(t.app, 'POST', '/api/pay/webhook/sandbox', {
      headers: { ...JSON_HEADERS, 'x-fd-timestamp': String(ts), 'x-fd-signature': signWebhook(SECRET, ts, raw) },
      rawBody: raw,
    });
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', field: 'id' });
    expect(await counts()).toEqual(before);
  });

  it('ordinary text still passes: emoji (surrogate pairs), Thai, a bank account with a dash', async () => {
    const res = await call(t.app, 'POST', API.register, {
      headers: { lang: 'en' },
      body: { account: 'emoji1234', password: 'abc123', confirm_password: 'abc123', nickname: 'ส้ม🍊', adult: true },
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { userInfo: { nickname: string } }).userInfo.nickname).toBe('ส้ม🍊');
    await registerPlayer(t.app);
  });
});

describe('numbers are bounded by what they are stored or shown as', () => {
  it("a deposit time beyond what a Date holds is refused (the operator's queue could not show it)", async () => {
    const before = await counts();
    const res = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(player),
      body: { channel_id: ch.bank, amount: 10_000, ...bankFields, deposit_time: Number.MAX_SAFE_INTEGER },
    });
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', field: 'deposit_time' });
    expect(await counts()).toEqual(before);
  });
});
