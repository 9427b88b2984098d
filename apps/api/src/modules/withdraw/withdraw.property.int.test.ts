import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken, wallet } from '../../test/money-helper.ts';
import { fund, FUND_PASSWORD, readyPlayer, submitWithdraw } from '../../test/withdraw-helper.ts';
import type { WithdrawPlayer } from '../../test/withdraw-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';

// Property (docs/trust.md 1–3, 25): any sequence of deposits, withdrawal requests, approvals and rejections by two
// players leaves the ledger sound and each wallet (balance and frozen) equal to a simple in-memory model. One
// database for all runs (the model carries over), PGlite by default; modest sizes, as every request verifies an
// argon2 fund password.

let t: TestApp;
let op: string;
let players: WithdrawPlayer[];
const model = new Map<string, { cash: number; frozen: number }>();
// A fee (fixed 0.50 + 1 %) so that amount and fee are both tracked.
const FEE = { percent_bps: 100, fixed: 50, min: 0, max: null };
const feeOf = (amount: number) => FEE.fixed + Math.ceil((amount * FEE.percent_bps) / 10_000);
beforeAll(async () => {
  t = await buildTestApp();
  op = await operatorToken(t.app);
  const saved = await call(t.app, 'POST', API.adminWithdrawSettings, {
    ...auth(op),
    body: { fee: FEE, min: 10_000, max: 5_000_000 },
  });
  if (saved.status !== 200) throw new Error(saved.text);
  players = [await readyPlayer(t.app, op), await readyPlayer(t.app, op)];
  for (const p of players) model.set(p.token, { cash: 0, frozen: 0 });
});
afterAll(async () => {
  await t.close();
});

type Step =
  | { kind: 'deposit'; player: number; amount: number }
  | { kind: 'withdraw'; player: number; amount: number }
  | { kind: 'approve' | 'reject'; pick: number; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    player: fc.integer({ min: 0, max: 1 }),
    amount: fc.integer({ min: 10_000, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    player: fc.integer({ min: 0, max: 1 }),
    amount: fc.oneof(fc.integer({ min: 10_000, max: 120_000 }), fc.integer({ min: 1, max: 9_999 })),
  }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(), twice: fc.boolean() }),
);

describe('withdrawals keep the ledger sound (fast-check, real database)', () => {
  it('after any sequence, ledgerCheck is ok and each wallet equals the model', async () => {
    const pending: { id: number; player: string; held: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'deposit') {
            const p = players[s.player] as WithdrawPlayer;
            await fund(t.app, op, p.token, s.amount);
            const m = model.get(p.token) ?? { cash: 0, frozen: 0 };
            m.cash += s.amount;
            continue;
          }
          if (s.kind === 'withdraw') {
            const p = players[s.player] as WithdrawPlayer;
            const m = model.get(p.token) ?? { cash: 0, frozen: 0 };
            const res = await submitWithdraw(t.app, p.token, {
              amount: s.amount,
              payout_id: p.payoutId,
              fund_password: FUND_PASSWORD,
            });
            const held = s.amount + feeOf(s.amount);
            if (s.amount < 10_000) {
              expect(res.body.error).toBe('AMOUNT_BELOW_MIN');
            } else if (held > m.cash) {
              expect(res.body.error).toBe('INSUFFICIENT_BALANCE');
            } else {
              expect(res.status, res.text).toBe(200);
              expect(res.body.data).toMatchObject({ amount: s.amount, fee: feeOf(s.amount) });
              pending.push({ id: (res.body.data as { id: number }).id, player: p.token, held });
              m.cash -= held;
              m.frozen += held;
            }
            continue;
          }
          if (pending.length === 0) continue;
          const [w] = pending.splice(s.pick % pending.length, 1);
          if (!w) continue;
          const url = s.kind === 'approve' ? API.adminWithdrawApprove : API.adminWithdrawReject;
          const decide = () => call(t.app, 'POST', url, { ...auth(op), body: { id: w.id, reason: 'property' } });
          expect((await decide()).status).toBe(200);
          if (s.twice) expect((await decide()).status).toBe(409);
          const m = model.get(w.player) ?? { cash: 0, frozen: 0 };
          m.frozen -= w.held;
          if (s.kind === 'reject') m.cash += w.held;
        }
        const report = await ledgerCheck(t.app.db);
        expect(report).toMatchObject({ ok: true, total: 0, unbalanced: [], mismatches: [] });
        for (const p of players) {
          const m = model.get(p.token);
          expect(await wallet(t.app, p.token)).toMatchObject({ balance: m?.cash, frozen: m?.frozen });
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
