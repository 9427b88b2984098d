/**
 * Deposits through a channel in another currency (decision 0007). The site is THB (default);
 * the demo PIX channel is BRL and the USDT channels USDT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '@fairdraw/domain';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import {
  auth,
  channels,
  count,
  operatorToken,
  playerToken,
  setChannelRate,
  TEST_PIX_SECRET,
  wallet,
} from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { signWebhook } from '../payments/payment-provider.ts';

type Channel = { id: number; type: string; enabled: boolean; currency: string; rate: string | null };
type Deposit = {
  id: number;
  amount: number;
  channel_currency: string;
  channel_amount: number;
  rate: string | null;
  br_code: string | null;
  status: string;
};

let t: TestApp;
let ch: Channels;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({ PIX_SANDBOX_SECRET: TEST_PIX_SECRET });
  ch = await channels(t.app);
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const adminChannels = async () => (await call(t.app, 'GET', API.adminChannelList, auth(op))).body.data as Channel[];
const submit = async (token: string, body: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', API.rechargeSubmit, { ...auth(token), body });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Deposit;
};
const deliver = (event: { id: string; deposit_id: number; amount: number }) => {
  const raw = JSON.stringify({ type: 'pix.paid', ...event });
  const ts = Math.floor(Date.now() / 1000);
  return call(t.app, 'POST', '/api/pay/webhook/sandbox', {
    headers: {
      'content-type': 'application/json',
      'x-fd-timestamp': String(ts),
      'x-fd-signature': signWebhook(TEST_PIX_SECRET, ts, raw),
      lang: 'en',
    },
    rawBody: raw,
  });
};
const TRON_HASH = 'c'.repeat(64);

describe('a fresh THB start', () => {
  it('offers the bank transfer only: the BRL and USDT channels have no rate and stay disabled', async () => {
    const player = await playerToken(t.app);
    const offered = (await call(t.app, 'GET', API.rechargeChannels, auth(player))).body.data as Channel[];
    expect(offered.map((c) => [c.type, c.currency, c.rate])).toEqual([['bank', 'THB', null]]);
    const all = await adminChannels();
    expect(all.map((c) => [c.type, c.currency, c.rate, c.enabled])).toEqual([
      ['bank', 'THB', null, true],
      ['pix', 'BRL', null, false],
      ['crypto', 'USDT', null, false],
      ['crypto', 'USDT', null, false],
    ]);
    const res = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(player),
      body: { channel_id: ch.pix, amount: 12_345 },
    });
    expect(res.body.error).toBe('CHANNEL_NOT_FOUND');
    expect(await count(t.app, 'deposits')).toBe(0);
  });
});

describe('the operator sets a rate', () => {
  it('a foreign channel cannot be enabled without one (CHANNEL_RATE_REQUIRED), nothing changes', async () => {
    const pix = (await adminChannels()).find((c) => c.id === ch.pix);
    const audits = await count(t.app, 'audit_log');
    for (const rate of [null, undefined]) {
      const body = { ...pix, enabled: true, rate };
      const res = await call(t.app, 'POST', API.adminChannelSave, { ...auth(op), body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'CHANNEL_RATE_REQUIRED', field: 'rate' });
      expect(res.body.msg).toBe('A channel in another currency needs an exchange rate before it can be enabled');
    }
    for (const rate of ['0', '-1', '1e3', 'abc', '0.0000000001']) {
      const res = await call(t.app, 'POST', API.adminChannelSave, {
        ...auth(op),
        body: { ...pix, enabled: true, rate },
      });
      expect(res.status, rate).toBe(400);
      expect(res.body.error, rate).toBe('VALIDATION_FAILED');
    }
    expect(await count(t.app, 'audit_log')).toBe(audits);
    expect((await adminChannels()).find((c) => c.id === ch.pix)).toMatchObject({ enabled: false, rate: null });
  });

  it('with a rate it is enabled; who set it and when is in the audit log', async () => {
    const saved = await setChannelRate(t.app, op, ch.pix, '0.1550');
    expect(saved).toMatchObject({ currency: 'BRL', rate: '0.155', enabled: true });
    const audit = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'channel.update',
      target: `channel:${ch.pix}`,
      before: { rate: null, enabled: false, currency: 'BRL' },
      after: { rate: '0.155', enabled: true, currency: 'BRL' },
    });
    expect(audit.actor_account).toMatch(/^op/);
    expect(audit.at).toBeInstanceOf(Date);
    // A channel in the site's currency takes no rate: one sent is not kept.
    expect(await setChannelRate(t.app, op, ch.bank, '2')).toMatchObject({ currency: 'THB', rate: null });
  });
});

describe('a PIX deposit on a THB site with a BRL rate', () => {
  it('shows the BRL amount, carries it in the BR Code, and credits the THB amount through the signed webhook', async () => {
    await setChannelRate(t.app, op, ch.pix, '0.155');
    const player = await playerToken(t.app);
    // ฿123.45 × 0.155 = R$19.13475 → R$19.14 (rounded up: the house is never short).
    const d = await submit(player, { channel_id: ch.pix, amount: 12_345 });
    expect(d).toMatchObject({ amount: 12_345, channel_currency: 'BRL', channel_amount: 1_914, rate: '0.155' });
    expect(verifyBrCode(d.br_code ?? '')).toBe(true);
    expect(parseBrCode(d.br_code ?? '').amount).toBe(1_914);
    expect(d.br_code).toContain('540519.14');
    expect(d.br_code).toContain('5303986');

    // The site amount is not what was paid in BRL: refused, nothing credited.
    const wrong = await deliver({ id: 'evt_fx_wrong', deposit_id: d.id, amount: 12_345 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('AMOUNT_INVALID');
    expect((await wallet(t.app, player)).balance).toBe(0);

    const paid = await deliver({ id: 'evt_fx_paid', deposit_id: d.id, amount: 1_914 });
    expect(paid.body.data).toEqual({ credited: true });
    expect((await wallet(t.app, player)).balance).toBe(12_345);
    const tx = await t.app.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('reference', '=', `deposit:${d.id}`)
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('deposit');
  });

  it('a rate change affects only later deposits: a pending one keeps its rate and amounts', async () => {
    await setChannelRate(t.app, op, ch.pix, '0.155');
    const player = await playerToken(t.app);
    const before = await submit(player, { channel_id: ch.pix, amount: 10_000 });
    expect(before).toMatchObject({ channel_amount: 1_550, rate: '0.155' });
    await setChannelRate(t.app, op, ch.pix, '0.2');
    const after = await submit(player, { channel_id: ch.pix, amount: 10_000 });
    expect(after).toMatchObject({ channel_amount: 2_000, rate: '0.2' });

    const list = await call(t.app, 'GET', `${API.rechargeList}?range=today`, auth(player));
    const mine = (list.body.data as { list: Deposit[] }).list;
    expect(mine.find((x) => x.id === before.id)).toMatchObject({ channel_amount: 1_550, rate: '0.155' });
    // The operator's simulated payment pays what the deposit asked, at its own rate; the credit is in THB.
    const confirm = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id: before.id } });
    expect(confirm.status).toBe(200);
    expect((await deliver({ id: 'evt_fx_new_rate', deposit_id: after.id, amount: 1_550 })).body.error).toBe(
      'AMOUNT_INVALID',
    );
    expect((await deliver({ id: 'evt_fx_new_rate2', deposit_id: after.id, amount: 2_000 })).body.data).toEqual({
      credited: true,
    });
    expect((await wallet(t.app, player)).balance).toBe(20_000);
  });
});

describe('a USDT deposit', () => {
  it('the operator queue shows the expected coin amount; approval credits the THB amount', async () => {
    await setChannelRate(t.app, op, ch.trc, '0.0285');
    const player = await playerToken(t.app);
    const offered = (await call(t.app, 'GET', API.rechargeChannels, auth(player))).body.data as Channel[];
    expect(offered.find((c) => c.id === ch.trc)).toMatchObject({ currency: 'USDT', rate: '0.0285' });
    // ฿123.45 × 0.0285 = 3.5183… USDT → 3.52.
    const d = await submit(player, { channel_id: ch.trc, amount: 12_345, tx_hash: TRON_HASH });
    expect(d).toMatchObject({ channel_currency: 'USDT', channel_amount: 352 });
    const queue = await call(t.app, 'GET', `${API.adminRechargeList}?status=pending&limit=50`, auth(op));
    const item = (queue.body.data as { list: Deposit[] }).list.find((x) => x.id === d.id);
    expect(item).toMatchObject({ amount: 12_345, channel_currency: 'USDT', channel_amount: 352, rate: '0.0285' });
    const approved = await call(t.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id: d.id } });
    expect(approved.body.data).toMatchObject({ status: 'success', channel_amount: 352 });
    expect((await wallet(t.app, player)).balance).toBe(12_345);
  });
});
