import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { count, operatorToken, wallet } from '../../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer } from '../../test/withdraw-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';

// Races (docs/trust.md 5, 6, 25) over real HTTP. PostgreSQL only: PGlite runs one transaction at a time, so requests
// never overlap inside the database there and these tests could not fail — they would prove nothing.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let op: string;
let base: string;
beforeAll(async () => {
  if (!onPostgres) return;
  // Attempts in flight count against the fund-password limit until their check gives them back (README "Passwords
  // and payout methods"), so hundreds of withdrawals at once from one player would lock it: these races are about
  // the balance and the key, so the limit is lifted here. throttle-race.int.test.ts races the limit itself.
  t = await buildTestApp({ FUND_PASSWORD_MAX_FAILURES: '1000' });
  op = await operatorToken(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

type Answer = { status: number; error: string | undefined; body: string };

async function post(token: string, body: unknown, key: string): Promise<Answer> {
  const res = await fetch(`${base}${API.withdrawSubmit}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, lang: 'en', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, error: (JSON.parse(text) as { error?: string }).error, body: text };
}

const newKey = () => `race-${randomBytes(8).toString('hex')}`;
const tally = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((acc, a) => {
    const k = `${a.status}${a.error ? ` ${a.error}` : ''}`;
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

describe('parallel withdrawals (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    '200 parallel requests against a balance that covers 20: exactly 20 accepted, balance exact, never negative',
    async () => {
      const AMOUNT = 10_000;
      const COVERED = 20;
      const REMAINDER = 37;
      const p = await readyPlayer(t.app, op, AMOUNT * COVERED + REMAINDER);
      const body = { amount: AMOUNT, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
      const started = performance.now();
      // All 200 are sent at once, each with its own key; the argon2 fund-password check of each runs in parallel.
      const answers = await Promise.all(Array.from({ length: 200 }, () => post(p.token, body, newKey())));
      const elapsed = Math.round(performance.now() - started);
      const accepted = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter((a) => a.status === 400 && a.error === 'INSUFFICIENT_BALANCE').length;
      console.log(
        `[withdraw race] 200 parallel POST ${API.withdrawSubmit}: accepted ${accepted}, ` +
          `refused INSUFFICIENT_BALANCE ${refused}, elapsed ${elapsed} ms, answers ${JSON.stringify(tally(answers))}`,
      );
      expect(tally(answers)).toEqual({ '200': COVERED, '400 INSUFFICIENT_BALANCE': 200 - COVERED });
      expect(await wallet(t.app, p.token)).toMatchObject({
        balance: REMAINDER,
        frozen: AMOUNT * COVERED,
        total_assets: AMOUNT * COVERED + REMAINDER,
      });
      const negative = await t.app.db
        .selectFrom('ledger_accounts')
        .select('key')
        .where('balance', '<', 0)
        .where('kind', 'in', ['player_cash', 'player_demo', 'withdrawals_pending'])
        .execute();
      expect(negative).toEqual([]);
      expect(await count(t.app, 'withdrawals')).toBe(COVERED);
      expect(await ledgerCheck(t.app.db)).toMatchObject({ ok: true, total: 0, unbalanced: [], mismatches: [] });
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    '50 parallel replays of one idempotency key: one withdrawal, one ledger movement, the same answer byte for byte',
    async () => {
      const p = await readyPlayer(t.app, op, 100_000);
      const body = { amount: 25_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
      const key = newKey();
      const withdrawals = await count(t.app, 'withdrawals');
      const transactions = await count(t.app, 'ledger_transactions');
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(p.token, body, key)));
      const elapsed = Math.round(performance.now() - started);
      console.log(
        `[withdraw replay] 50 parallel replays of one key: ${JSON.stringify(tally(answers))}, elapsed ${elapsed} ms`,
      );
      // The duplicates wait on the key's primary key until the first commits, then answer what it stored.
      expect(tally(answers)).toEqual({ '200': 50 });
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await count(t.app, 'withdrawals')).toBe(withdrawals + 1);
      expect(await count(t.app, 'ledger_transactions')).toBe(transactions + 1);
      expect(await wallet(t.app, p.token)).toMatchObject({ balance: 75_000, frozen: 25_000 });
      const late = await post(p.token, body, key);
      expect(late.status).toBe(200);
      expect(late.body).toBe(answers[0]?.body);
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
    60_000,
  );

  it.skipIf(!onPostgres)('parallel approvals and rejections of one withdrawal: exactly one decides', async () => {
    const p = await readyPlayer(t.app, op, 10_000);
    const res = await post(p.token, { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD }, newKey());
    const id = (JSON.parse(res.body) as { data: { id: number } }).data.id;
    const decide = (url: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: op },
        body: JSON.stringify({ id, reason: 'race' }),
      }).then((r) => r.status);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(i % 2 ? API.adminWithdrawApprove : API.adminWithdrawReject)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const w = await wallet(t.app, p.token);
    expect(w.frozen).toBe(0);
    expect([0, 10_000]).toContain(w.balance);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
