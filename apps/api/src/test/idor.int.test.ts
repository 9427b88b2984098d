import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from './helper.ts';
import type { TestApp } from './helper.ts';
import { auth, bankFields, channels, count, operatorToken } from './money-helper.ts';
import { bindCard, FUND_PASSWORD, fund, setFundPassword, submitWithdraw } from './withdraw-helper.ts';
import { bet, openAt, openPeriod, playItems } from './bets-helper.ts';

// docs/trust.md 20: player B never sees or touches what belongs to player A. Player A gets a record of every kind
// (payout method, deposit, withdrawal, bet slip), each carrying a marker string; then player B calls every GET route
// of the OpenAPI document that takes a session and is not an operator's, and no answer may carry any of A's markers.
// Every call that names a record by id refuses A's ids with 404 and changes nothing.

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
const marker = `zq${randomBytes(4).toString('hex')}`;
let a: { account: string; password: string; token: string };
let b: { account: string; password: string; token: string };
let aPayoutId = 0;

type OpenApi = { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  const op = await operatorToken(t.app);
  await openAt(t.app, T);
  a = await registerPlayer(t.app, `a${marker}`);
  b = await registerPlayer(t.app);
  await setFundPassword(t.app, a.token);
  await setFundPassword(t.app, b.token);
  // A: a bound card whose holder is the marker, cash from an approved deposit, a pending deposit whose payer is the
  // marker, a pending withdrawal and a bet slip.
  const card = await call(t.app, 'POST', API.payoutAdd, {
    ...auth(a.token),
    body: {
      type: 'bank',
      password: a.password,
      name: `Ann ${marker}`,
      bank_name: 'Demo Bank',
      card_number: '4111 1111 1111 1111',
    },
  });
  expect(card.status, card.text).toBe(200);
  aPayoutId = (card.body.data as { id: number }).id;
  await fund(t.app, op, a.token, 50_000);
  const ch = await channels(t.app);
  const pending = await call(t.app, 'POST', API.rechargeSubmit, {
    ...auth(a.token),
    body: { channel_id: ch.bank, amount: 12_300, ...bankFields, payer_name: `Payer ${marker}` },
  });
  expect(pending.status, pending.text).toBe(200);
  const w = await submitWithdraw(t.app, a.token, {
    amount: 10_000,
    payout_id: aPayoutId,
    fund_password: FUND_PASSWORD,
  });
  expect(w.status, w.text).toBe(200);
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  const slip = await bet(t.app, a.token, {
    games_id: k3.game_id,
    issue: k3.issue,
    items: [{ play_id: play, amount: 1_000 }],
  });
  expect(slip.status, slip.text).toBe(200);
  // B binds a card of its own, so "no payout method" is not why B's withdrawal below is refused.
  await bindCard(t.app, b, '5555 5555 5555 4444');
});
afterAll(async () => {
  await t.close();
});

describe('player B and player A’s records (docs/trust.md 20)', () => {
  it('no GET route a player may call shows B anything of A', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body as unknown as OpenApi;
    const routes = Object.entries(doc.paths)
      .filter(([path, ops]) => {
        const get = ops.get;
        // The live streams never end an answer: the member stream's isolation (B's stream never carries A's
        // events) is modules/live's own test.
        const stream = path === API.gameEvents || path === API.userEvents;
        if (!get || stream || path.startsWith('/api/admin') || path.startsWith('/api/docs')) return false;
        return (get.security ?? []).some((s) => 'token' in s);
      })
      .map(([path]) => path);
    // The player's own lists must be among them, or this test proves nothing.
    expect(routes).toEqual(
      expect.arrayContaining([API.payoutList, API.rechargeList, API.withdrawList, API.betList, API.wallet]),
    );
    for (const path of routes) {
      const asA = await call(t.app, 'GET', path, auth(a.token));
      const asB = await call(t.app, 'GET', path, auth(b.token));
      expect(asB.status, `${path}: ${asB.text}`).toBeLessThan(500);
      expect(asB.text, path).not.toContain(marker);
      if ([API.payoutList, API.rechargeList].includes(path as never)) {
        // A's own answer does carry the marker: the check above would have caught a leak.
        expect(asA.text, path).toContain(marker);
      }
    }
    // The lists by status and the wallet: B's are empty or zero, A's are not.
    const bList = await call(t.app, 'GET', `${API.betList}?status=unsettled`, auth(b.token));
    expect((bList.body.data as { list: unknown[] }).list).toEqual([]);
    const bWithdrawals = await call(t.app, 'GET', API.withdrawList, auth(b.token));
    expect((bWithdrawals.body.data as { list: unknown[] }).list).toEqual([]);
    const bWallet = await call(t.app, 'GET', API.wallet, auth(b.token));
    expect((bWallet.body.data as { balance: number; frozen: number }).balance).toBe(0);
    expect((bWallet.body.data as { balance: number; frozen: number }).frozen).toBe(0);
  });

  it('A’s payout method is 404 to B: neither deleted nor usable for a withdrawal, and nothing changes', async () => {
    const before = { payouts: await count(t.app, 'payout_methods'), withdrawals: await count(t.app, 'withdrawals') };
    const del = await call(t.app, 'POST', API.payoutDelete, { ...auth(b.token), body: { id: aPayoutId } });
    expect(del.status, del.text).toBe(404);
    expect(del.body.error).toBe('PAYOUT_NOT_FOUND');
    const w = await submitWithdraw(t.app, b.token, {
      amount: 10_000,
      payout_id: aPayoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(w.status, w.text).toBe(404);
    expect(w.body.error).toBe('PAYOUT_NOT_FOUND');
    const aList = await call(t.app, 'GET', API.payoutList, auth(a.token));
    expect(aList.text).toContain(marker);
    expect({ payouts: await count(t.app, 'payout_methods'), withdrawals: await count(t.app, 'withdrawals') }).toEqual(
      before,
    );
  });

  it('an idempotency key is B’s own: A’s key sent by B replays nothing of A’s', async () => {
    const key = `idor-${marker}`;
    const first = await submitWithdraw(
      t.app,
      a.token,
      { amount: 10_000, payout_id: aPayoutId, fund_password: FUND_PASSWORD },
      key,
    );
    expect(first.status, first.text).toBe(200);
    const byB = await submitWithdraw(
      t.app,
      b.token,
      { amount: 10_000, payout_id: aPayoutId, fund_password: FUND_PASSWORD },
      key,
    );
    expect(byB.status, byB.text).toBe(404);
    expect(byB.text).not.toContain(marker);
  });
});
