import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from './helper.ts';
import { expectRefused, LONG, JSON_HEADERS, GENERIC_BODIES } from './bad-input.ts';
import type { CallOptions, TestApp } from './helper.ts';
import { count, operatorToken } from './money-helper.ts';
import { FUND_PASSWORD, readyPlayer } from './withdraw-helper.ts';
import type { WithdrawPlayer } from './withdraw-helper.ts';

// docs/trust.md 33 for the withdrawal endpoints: bad input → 4xx with an error key and a translated message, never 5xx,
// and no rows created or changed. The player is fully ready (fund password, card, cash), so only the input is wrong.

let t: TestApp;
let player: WithdrawPlayer;
let op: string;
let pendingId: number;
beforeAll(async () => {
  t = await buildTestApp();
  op = await operatorToken(t.app);
  player = await readyPlayer(t.app, op, 100_000);
  const res = await call(t.app, 'POST', API.withdrawSubmit, {
    headers: { token: player.token },
    body: { amount: 10_000, payout_id: player.payoutId, fund_password: FUND_PASSWORD },
  });
  if (res.status !== 200) throw new Error(res.text);
  pendingId = (res.body.data as { id: number }).id;
});
afterAll(async () => {
  await t.close();
});

const GENERIC = GENERIC_BODIES;

const AMOUNTS = [-1, 1.5, 1e300, Number.MAX_SAFE_INTEGER + 2, '10000', null, true, [], {}];

const SUBMIT = (): [string, CallOptions][] => [
  ...GENERIC,
  ['empty', { body: {} }],
  ...AMOUNTS.map((amount): [string, CallOptions] => [
    `amount ${JSON.stringify(amount)}`,
    { body: { amount, payout_id: player.payoutId, fund_password: FUND_PASSWORD } },
  ]),
  [
    'amount huge literal',
    { headers: JSON_HEADERS, rawBody: `{"amount": 1e400, "payout_id": 1, "fund_password": "1"}` },
  ],
  ['amount above the max', { body: { amount: 5_000_001, payout_id: player.payoutId, fund_password: FUND_PASSWORD } }],
  ['amount far above the max', { body: { amount: Number.MAX_SAFE_INTEGER, payout_id: player.payoutId } }],
  ['amount zero', { body: { amount: 0, payout_id: player.payoutId, fund_password: FUND_PASSWORD } }],
  [
    'payout id as string',
    { body: { amount: 10_000, payout_id: String(player.payoutId), fund_password: FUND_PASSWORD } },
  ],
  ['payout id negative', { body: { amount: 10_000, payout_id: -1, fund_password: FUND_PASSWORD } }],
  ['payout id zero', { body: { amount: 10_000, payout_id: 0, fund_password: FUND_PASSWORD } }],
  ['payout id fractional', { body: { amount: 10_000, payout_id: 1.5, fund_password: FUND_PASSWORD } }],
  ['payout id unknown', { body: { amount: 10_000, payout_id: 2_000_000_000, fund_password: FUND_PASSWORD } }],
  ['payout id beyond int4', { body: { amount: 10_000, payout_id: 3_000_000_000, fund_password: FUND_PASSWORD } }],
  ['payout id unsafe', { body: { amount: 10_000, payout_id: Number.MAX_SAFE_INTEGER, fund_password: FUND_PASSWORD } }],
  ['fund password overlong', { body: { amount: 10_000, payout_id: player.payoutId, fund_password: LONG } }],
  ['fund password as number', { body: { amount: 10_000, payout_id: player.payoutId, fund_password: 246810 } }],
  ['fund password missing', { body: { amount: 10_000, payout_id: player.payoutId } }],
  ['bad idempotency key', { headers: { 'idempotency-key': 'short' }, body: { amount: 10_000 } }],
  ['overlong idempotency key', { headers: { 'idempotency-key': 'k'.repeat(300) }, body: { amount: 10_000 } }],
];

const DECISION: [string, CallOptions][] = [
  ...GENERIC,
  ['no id', { body: {} }],
  ['id as string', { body: { id: '1', reason: 'x' } }],
  ['id negative', { body: { id: -1, reason: 'x' } }],
  ['id zero', { body: { id: 0, reason: 'x' } }],
  ['id fractional', { body: { id: 1.5, reason: 'x' } }],
  ['id null', { body: { id: null, reason: 'x' } }],
  ['id huge', { headers: JSON_HEADERS, rawBody: '{"id": 1e400, "reason": "x"}' }],
  ['unknown id', { body: { id: 2_000_000_000, reason: 'x' } }],
  ['id beyond int4', { body: { id: 3_000_000_000, reason: 'x' } }],
  ['overlong reason', { body: { id: 1, reason: LONG } }],
  ['reason wrong type', { body: { id: 1, reason: 42 } }],
];

const fee = { percent_bps: 0, fixed: 0, min: 0, max: null };
const SETTINGS: [string, CallOptions][] = [
  ...GENERIC,
  ['empty', { body: {} }],
  ['no fee', { body: { min: 1, max: 2 } }],
  ['negative min', { body: { fee, min: -1, max: 2 } }],
  ['fractional max', { body: { fee, min: 1, max: 2.5 } }],
  ['huge max', { headers: JSON_HEADERS, rawBody: `{"fee": ${JSON.stringify(fee)}, "min": 1, "max": 1e400}` }],
  ['max beyond safe', { body: { fee, min: 1, max: Number.MAX_SAFE_INTEGER + 2 } }],
  ['min above max', { body: { fee, min: 3, max: 2 } }],
  ['min as string', { body: { fee, min: '1', max: 2 } }],
  ['percent above 100 %', { body: { fee: { ...fee, percent_bps: 10_001 }, min: 1, max: 2 } }],
  ['percent negative', { body: { fee: { ...fee, percent_bps: -1 }, min: 1, max: 2 } }],
  ['percent fractional', { body: { fee: { ...fee, percent_bps: 1.5 }, min: 1, max: 2 } }],
  ['fee max below fee min', { body: { fee: { ...fee, min: 10, max: 5 }, min: 1, max: 2 } }],
  ['fee missing fields', { body: { fee: { percent_bps: 1 }, min: 1, max: 2 } }],
  ['fee as string', { body: { fee: 'none', min: 1, max: 2 } }],
];

async function snapshot() {
  const tables = ['withdrawals', 'audit_log', 'ledger_postings', 'ledger_transactions', 'idempotency_keys'];
  const counts = await Promise.all(tables.map((name) => count(t.app, name)));
  const settings = await t.app.db.selectFrom('settings').selectAll().orderBy('key').execute();
  const withdrawals = await t.app.db.selectFrom('withdrawals').selectAll().orderBy('id').execute();
  const balances = await t.app.db.selectFrom('ledger_accounts').select(['key', 'balance']).orderBy('key').execute();
  return { counts, settings, withdrawals, balances };
}

const CASES: [string, () => string, () => [string, CallOptions][]][] = [
  [API.withdrawSubmit, () => player.token, SUBMIT],
  [API.adminWithdrawApprove, () => op, () => DECISION],
  [API.adminWithdrawReject, () => op, () => DECISION],
  [API.adminWithdrawSettings, () => op, () => SETTINGS],
];

describe.each(CASES)('POST %s refuses bad input', (url, token, bodies) => {
  it('every bad body → 4xx with a key and a message; nothing changes', async () => {
    for (const [label, opts] of bodies()) {
      const before = await snapshot();
      const res = await call(t.app, 'POST', url, {
        ...opts,
        headers: { lang: 'en', token: token(), ...opts.headers },
      });
      expectRefused(res, `${url} ${label}`);
      expect(await snapshot(), `${url} ${label}`).toEqual(before);
    }
  });
});

describe('GET lists refuse bad queries', () => {
  it.each([
    [API.withdrawList, '?page=0'],
    [API.withdrawList, '?limit=1000'],
    [API.withdrawList, '?page=1.5'],
    [API.withdrawList, '?page=-1'],
    [API.withdrawList, '?limit=abc'],
    [API.withdrawList, '?page=99999999999'],
    [API.adminWithdrawList, '?status=success'],
    [API.adminWithdrawList, '?status='],
    [API.adminWithdrawList, `?q=${LONG.slice(0, 500)}`],
    [API.adminWithdrawList, '?limit=0'],
  ])('%s%s', async (url, query) => {
    const res = await call(t.app, 'GET', `${url}${query}`, {
      headers: { lang: 'en', token: url.includes('admin') ? op : player.token },
    });
    expectRefused(res, `${url}${query}`);
  });

  it('odd but valid queries answer 200: a page past the end, a q with SQL wildcards', async () => {
    const past = await call(t.app, 'GET', `${API.withdrawList}?page=999`, { headers: { token: player.token } });
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ list: [], has_more: false, page: 999 });
    for (const q of ['%25', '_', "'; drop table withdrawals; --", '\\']) {
      const res = await call(t.app, 'GET', `${API.adminWithdrawList}?q=${encodeURIComponent(q)}`, {
        headers: { token: op },
      });
      expect(res.status, q).toBe(200);
      expect((res.body.data as { list: unknown[] }).list, q).toEqual([]);
    }
    expect(await count(t.app, 'withdrawals')).toBe(1);
  });

  it('the pending withdrawal is still pending after all of this', async () => {
    const row = await t.app.db.selectFrom('withdrawals').selectAll().where('id', '=', pendingId).executeTakeFirst();
    expect(row?.status).toBe('pending');
  });
});
