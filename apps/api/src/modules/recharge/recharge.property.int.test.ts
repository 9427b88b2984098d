import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, channels, operatorToken, playerToken, submitBank, wallet } from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';

// Property (docs/trust.md 1–3): any sequence of deposit submissions, approvals and rejections by a few players leaves
// the ledger sound and every wallet equal to a simple in-memory model. One database for all runs (the model
// carries the balances over), PGlite by default.

let t: TestApp;
let ch: Channels;
let op: string;
let players: string[];
const model = new Map<string, number>();
beforeAll(async () => {
  t = await buildTestApp();
  ch = await channels(t.app);
  op = await operatorToken(t.app);
  players = [await playerToken(t.app), await playerToken(t.app), await playerToken(t.app)];
  for (const p of players) model.set(p, 0);
});
afterAll(async () => {
  await t.close();
});

type Step =
  { kind: 'submit'; player: number; amount: number } | { kind: 'approve' | 'reject'; pick: number; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('submit' as const),
    player: fc.integer({ min: 0, max: 2 }),
    amount: fc.oneof(fc.integer({ min: 10_000, max: 10_000_000 }), fc.integer({ min: 1, max: 20_000_000 })),
  }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(), twice: fc.boolean() }),
);

describe('deposits keep the ledger sound (fast-check, real database)', () => {
  it('after any sequence, ledgerCheck is ok and each wallet equals the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 15 }), async (steps) => {
        const pending: { id: number; player: string; amount: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'submit') {
            const player = players[s.player] ?? '';
            const res = await submitBank(t.app, player, ch.bank, s.amount);
            const withinLimits = s.amount >= 10_000 && s.amount <= 10_000_000;
            expect(res.status).toBe(withinLimits ? 200 : 400);
            if (withinLimits) pending.push({ id: (res.body.data as { id: number }).id, player, amount: s.amount });
            continue;
          }
          if (pending.length === 0) continue;
          const [d] = pending.splice(s.pick % pending.length, 1);
          if (!d) continue;
          const url = s.kind === 'approve' ? API.adminRechargeApprove : API.adminRechargeReject;
          const decide = () => call(t.app, 'POST', url, { ...auth(op), body: { id: d.id, reason: 'property' } });
          expect((await decide()).status).toBe(200);
          if (s.twice) expect((await decide()).status).toBe(409);
          if (s.kind === 'approve') model.set(d.player, (model.get(d.player) ?? 0) + d.amount);
        }
        const report = await ledgerCheck(t.app.db);
        expect(report).toMatchObject({ ok: true, total: 0, unbalanced: [], mismatches: [] });
        for (const p of players) expect((await wallet(t.app, p)).balance).toBe(model.get(p));
      }),
      { numRuns: 20 },
    );
  });
});
