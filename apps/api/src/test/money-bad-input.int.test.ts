import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from './helper.ts';
import { expectRefused, LONG, JSON_HEADERS, GENERIC_BODIES } from './bad-input.ts';
import type { CallOptions, TestApp } from './helper.ts';
import { bankFields, channels, count, operatorToken, playerToken } from './money-helper.ts';
import type { Channels } from './money-helper.ts';

// docs/trust.md 33 for the money endpoints: bad input → 4xx with an error key and a translated message, never 5xx, and
// no rows created or changed.

let t: TestApp;
let ch: Channels;
let player: string;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  ch = await channels(t.app);
  player = await playerToken(t.app);
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const GENERIC = GENERIC_BODIES;

const AMOUNTS = [-1, 1.5, 1e300, Number.MAX_SAFE_INTEGER + 2, '100', null, true];

const SUBMIT: [string, CallOptions][] = [
  ...GENERIC,
  ...AMOUNTS.map((amount): [string, CallOptions] => [
    `amount ${String(amount)}`,
    { body: { channel_id: 1, amount, ...bankFields } },
  ]),
  ['channel id as string', { body: { channel_id: '1', amount: 10_000 } }],
  ['channel id negative', { body: { channel_id: -5, amount: 10_000 } }],
  ['channel id fractional', { body: { channel_id: 1.5, amount: 10_000 } }],
  ['channel id huge', { headers: JSON_HEADERS, rawBody: '{"channel_id": 1e400, "amount": 10000}' }],
  ['unknown channel', { body: { channel_id: 2_000_000_000, amount: 10_000 } }],
  [
    'overlong fields',
    {
      body: {
        channel_id: 1,
        amount: 10_000,
        payee: LONG,
        account_number: LONG,
        bank: LONG,
        payer_name: LONG,
        deposit_time: 1,
        tx_hash: LONG,
      },
    },
  ],
  [
    'wrong field types',
    {
      body: {
        channel_id: 1,
        amount: 10_000,
        payee: 1,
        account_number: [],
        bank: {},
        deposit_time: 'now',
        payer_name: false,
      },
    },
  ],
];

const DECISION: [string, CallOptions][] = [
  ...GENERIC,
  ['no id', { body: {} }],
  ['id as string', { body: { id: '1' } }],
  ['id negative', { body: { id: -1 } }],
  ['id fractional', { body: { id: 1.5 } }],
  ['id huge', { headers: JSON_HEADERS, rawBody: '{"id": 1e400}' }],
  ['unknown id', { body: { id: 2_000_000_000, reason: 'x' } }],
  ['overlong reason', { body: { id: 1, reason: LONG } }],
  ['reason wrong type', { body: { id: 1, reason: 42 } }],
];

const CHANNEL: [string, CallOptions][] = [
  ...GENERIC,
  ['empty', { body: {} }],
  [
    'bad type',
    { body: { type: 'cash', name: 'x', enabled: true, min: 1, max: 2, bank: null, crypto: null, pix: null } },
  ],
  [
    'negative min',
    { body: { type: 'bank', name: 'x', enabled: true, min: -1, max: 2, bank: null, crypto: null, pix: null } },
  ],
  [
    'fractional max',
    { body: { type: 'bank', name: 'x', enabled: true, min: 1, max: 2.5, bank: null, crypto: null, pix: null } },
  ],
  [
    'overlong name',
    { body: { type: 'bank', name: LONG, enabled: true, min: 1, max: 2, bank: null, crypto: null, pix: null } },
  ],
  [
    'bank missing config',
    { body: { type: 'bank', name: 'x', enabled: true, min: 1, max: 2, bank: null, crypto: null, pix: null } },
  ],
  [
    'bad coin',
    {
      body: {
        type: 'crypto',
        name: 'x',
        enabled: true,
        min: 1,
        max: 2,
        bank: null,
        crypto: { coin: 'BTC', address: 'x' },
        pix: null,
      },
    },
  ],
  [
    'unknown id',
    {
      body: {
        id: 2_000_000_000,
        type: 'bank',
        name: 'x',
        enabled: true,
        min: 1,
        max: 2,
        bank: { payee: 'p', account_number: '1', bank: 'b' },
        crypto: null,
        pix: null,
      },
    },
  ],
];

async function snapshot() {
  const tables = [
    'deposits',
    'audit_log',
    'ledger_postings',
    'ledger_transactions',
    'recharge_channels',
    'idempotency_keys',
  ];
  const counts = await Promise.all(tables.map((name) => count(t.app, name)));
  const channelsNow = await t.app.db.selectFrom('recharge_channels').selectAll().orderBy('id').execute();
  return { counts, channelsNow };
}

const CASES: [string, () => string, [string, CallOptions][]][] = [
  [API.rechargeSubmit, () => player, SUBMIT],
  [API.adminRechargeApprove, () => op, DECISION],
  [API.adminRechargeReject, () => op, DECISION],
  [API.adminPixSandboxConfirm, () => op, DECISION],
  [API.adminChannelSave, () => op, CHANNEL],
];

describe.each(CASES)('POST %s refuses bad input', (url, token, bodies) => {
  it.each(bodies)('%s', async (label, opts) => {
    const before = await snapshot();
    const res = await call(t.app, 'POST', url, { ...opts, headers: { lang: 'en', token: token(), ...opts.headers } });
    expectRefused(res, `${url} ${label}`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the webhook refuses bad input', () => {
  it.each([
    ['no headers', {}],
    ['garbage signature', { 'x-fd-timestamp': String(Math.floor(Date.now() / 1000)), 'x-fd-signature': 'zz' }],
    ['huge timestamp', { 'x-fd-timestamp': '9'.repeat(40), 'x-fd-signature': 'a'.repeat(64) }],
    ['negative timestamp', { 'x-fd-timestamp': '-5', 'x-fd-signature': 'a'.repeat(64) }],
  ])('%s', async (label, headers: Record<string, string>) => {
    const before = await snapshot();
    for (const provider of ['sandbox', 'nope', 'x'.repeat(150)]) {
      const res = await call(t.app, 'POST', `/api/pay/webhook/${provider}`, {
        headers: { lang: 'en', 'content-type': 'application/json', ...headers },
        rawBody: '{"id":"e1","type":"pix.paid","deposit_id":1,"amount":100}',
      });
      expectRefused(res, `${provider} ${label}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET lists refuse bad queries', () => {
  it.each([
    [API.rechargeList, '?range=tomorrow'],
    [API.rechargeList, '?page=0'],
    [API.rechargeList, '?limit=1000'],
    [API.rechargeList, '?page=1.5'],
    [API.rechargeList, '?page=-1'],
    [API.adminRechargeList, '?status=paid'],
    [API.adminRechargeList, `?q=${LONG.slice(0, 500)}`],
    [API.adminAuditList, '?limit=abc'],
    [API.adminAuditList, '?page=99999999999'],
  ])('%s%s', async (url, query) => {
    const res = await call(t.app, 'GET', `${url}${query}`, {
      headers: { lang: 'en', token: url.includes('admin') ? op : player },
    });
    expectRefused(res, `${url}${query}`);
  });

  it('a page past the end is an empty list', async () => {
    const res = await call(t.app, 'GET', `${API.rechargeList}?range=last7&page=999`, { headers: { token: player } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ list: [], has_more: false, page: 999 });
  });

  it('an unused channel fixture exists (sanity)', () => {
    expect(ch.bank).toBeGreaterThan(0);
  });
});
