import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import {
  openAt,
  openPeriod,
  playItems,
  preparedSlip,
  userIdOf,
  withGamePeriodLimit,
  withPeriodLimit,
} from '../../test/bets-helper.ts';
import { AppError } from '../../lib/app-error.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';
import { commitBatch } from './bets.service.ts';
import { commitSlips, IdempotentReplay } from './slip-batch.ts';
import type { PreparedSlip } from './slip-batch.ts';
import { formatMoney } from '@fairdraw/contract';

// A batch of slips from several players committed in one transaction (slip-batch.ts): each slip accepted or
// refused on its own, in arrival order, and a batch that fails as a whole falls back to one slip at a time.

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;
let k3: Awaited<ReturnType<typeof openPeriod>>;
let play: { id: number; code: string; group_code: string; odds_bps: number };

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  op = await operatorToken(t.app);
  await openAt(t.app, T);
  k3 = await openPeriod(t.app, 'df_k3');
  const first = (await playItems(t.app, 'df_k3'))[0];
  if (!first) throw new Error('no k3 play');
  play = first;
});
afterAll(async () => {
  await t.close();
});

async function player(cash: number): Promise<number> {
  const p = await registerPlayer(t.app);
  if (cash > 0) await fund(t.app, op, p.token, cash);
  return userIdOf(t.app, p.token);
}

function slip(userId: number, amount: number, playItemId = play.id): PreparedSlip {
  return preparedSlip(k3, { ...play, id: playItemId }, userId, amount);
}

const errorKey = (o: { ok: boolean; error?: unknown }) => (o.error instanceof AppError ? o.error.key : undefined);

describe('commitSlips', () => {
  it('decides each slip of a batch on its own, in arrival order, against balances the batch itself spends', async () => {
    const a = await player(30_000);
    const b = await player(10_000);
    const c = await player(0);
    const outcomes = await commitSlips(
      t.app.db,
      [slip(a, 20_000), slip(b, 10_000), slip(a, 20_000), slip(c, 100), slip(a, 10_000), slip(b, 100)],
      () => T,
    );
    expect(outcomes.map((o) => (o.ok ? 'ok' : errorKey(o)))).toEqual([
      'ok',
      'ok',
      'INSUFFICIENT_BALANCE', // a has 10,000 left after its first slip
      'INSUFFICIENT_BALANCE', // c never had money (no account yet)
      'ok',
      'INSUFFICIENT_BALANCE',
    ]);
    expect((await getBalances(t.app.db, a)).cash).toBe(0);
    expect((await getBalances(t.app.db, b)).cash).toBe(0);
    const first = outcomes[0];
    if (!first?.ok) throw new Error('first slip refused');
    expect(first.value.slip).toMatchObject({ user_id: a, total: 20_000, status: 'unsettled', issue: k3.issue });
    expect(first.value.items).toHaveLength(1);
    expect(first.value.items[0]).toMatchObject({
      bet_id: first.value.slip.id,
      amount: 20_000,
      odds_bps: play.odds_bps,
    });
    const stored = await t.app.db
      .selectFrom('bet_items')
      .select(['id', 'amount'])
      .where('bet_id', '=', first.value.slip.id)
      .execute();
    expect(stored).toEqual([{ id: first.value.items[0]?.id, amount: 20_000 }]);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('applies the per-period limit across the slips of one batch', async () => {
    const a = await player(100_000);
    await withPeriodLimit(t.app, 3_000, async () => {
      const outcomes = await commitSlips(t.app.db, [slip(a, 2_000), slip(a, 1_500), slip(a, 1_000)], () => T);
      expect(outcomes.map((o) => (o.ok ? 'ok' : errorKey(o)))).toEqual(['ok', 'PERIOD_LIMIT_REACHED', 'ok']);
      expect((await getBalances(t.app.db, a)).cash).toBe(97_000);
    });
  });

  it("binds each slip by the lower of the site-wide limit and its own game's, in one batch", async () => {
    const a = await player(100_000);
    const ssc = await openPeriod(t.app, 'df_ssc');
    const sscPlay = (await playItems(t.app, 'df_ssc'))[0];
    if (!sscPlay) throw new Error('no ssc play');
    const sscSlip = (amount: number) => preparedSlip(ssc, sscPlay, a, amount);
    // The limit as an English refusal names it (a money parameter is written in each reader's language).
    const maxOf = (o: { ok: boolean; error?: unknown }) => {
      const max = o.error instanceof AppError ? o.error.params.max : 'ok';
      return typeof max === 'function' ? max('en') : max;
    };
    // k3's own limit (3,000) is below the site-wide one (5,000); ssc has none, so the site-wide one binds it.
    await withPeriodLimit(t.app, 5_000, () =>
      withGamePeriodLimit(t.app, k3.game_id, 3_000, async () => {
        const outcomes = await commitSlips(
          t.app.db,
          [slip(a, 2_000), sscSlip(2_000), slip(a, 1_500), sscSlip(1_500), sscSlip(1_600), slip(a, 1_000)],
          () => T,
        );
        expect(outcomes.map((o) => (o.ok ? 'ok' : errorKey(o)))).toEqual([
          'ok',
          'ok',
          'PERIOD_LIMIT_REACHED',
          'ok',
          'PERIOD_LIMIT_REACHED',
          'ok',
        ]);
        // Each refusal names the limit that bound it.
        const thb = (minor: number) => formatMoney(minor, 'THB', 2, 'en');
        expect(outcomes.map(maxOf)).toEqual(['ok', 'ok', thb(3_000), 'ok', thb(5_000), 'ok']);
        expect((await getBalances(t.app.db, a)).cash).toBe(100_000 - 3_000 - 3_500);
      }),
    );
  });

  it('refuses every slip of a batch once the clock reaches the seal, and changes nothing', async () => {
    const a = await player(50_000);
    const outcomes = await commitSlips(t.app.db, [slip(a, 1_000), slip(a, 1_000)], () => k3.seal_at);
    expect(outcomes.map(errorKey)).toEqual(['PERIOD_SEALED', 'PERIOD_SEALED']);
    expect((await getBalances(t.app.db, a)).cash).toBe(50_000);
  });

  it('claims each idempotency key with its slip: a key used again is a replay, a refused slip keeps its refusal', async () => {
    const a = await player(10_000);
    const b = await player(0);
    const claim = (key: string) => ({ key, hash: `hash-of-${key}` });
    const keyed = (s: PreparedSlip, key: string): PreparedSlip => ({ ...s, claim: claim(key) });
    const outcomes = await commitSlips(
      t.app.db,
      [
        keyed(slip(a, 1_000), 'batch-key-0001'),
        keyed(slip(a, 1_000), 'batch-key-0001'), // the same key again in the same batch
        keyed(slip(b, 1_000), 'batch-key-0001'), // another player's key of the same name
        keyed(slip(a, 1_000), 'batch-key-0002'),
      ],
      () => T,
    );
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error instanceof IdempotentReplay ? 'replay' : errorKey(o)))).toEqual([
      'ok',
      'replay',
      'INSUFFICIENT_BALANCE',
      'ok',
    ]);
    expect((await getBalances(t.app.db, a)).cash).toBe(8_000);
    const keys = await t.app.db
      .selectFrom('idempotency_keys')
      .select(['user_id', 'key', 'bet_id', 'request_hash', 'status', 'response_status', 'response_body'])
      .where('key', 'in', ['batch-key-0001', 'batch-key-0002'])
      .orderBy('key')
      .orderBy('user_id', b < a ? 'desc' : 'asc') // a's row first
      .execute();
    const first = outcomes[0];
    const fourth = outcomes[3];
    if (!first?.ok || !fourth?.ok) throw new Error('slips refused');
    // a's keys name the slips they placed; b's keeps its refusal (status and what the message needs).
    expect(keys).toEqual([
      {
        user_id: a,
        key: 'batch-key-0001',
        bet_id: first.value.slip.id,
        request_hash: 'hash-of-batch-key-0001',
        status: 'done',
        response_status: 200,
        response_body: null,
      },
      {
        user_id: b,
        key: 'batch-key-0001',
        bet_id: null,
        request_hash: 'hash-of-batch-key-0001',
        status: 'done',
        response_status: 400,
        response_body: expect.objectContaining({ refusal: 'INSUFFICIENT_BALANCE' }) as unknown,
      },
      {
        user_id: a,
        key: 'batch-key-0002',
        bet_id: fourth.value.slip.id,
        request_hash: 'hash-of-batch-key-0002',
        status: 'done',
        response_status: 200,
        response_body: null,
      },
    ]);
    // In a later batch the key is still taken.
    const again = await commitSlips(t.app.db, [keyed(slip(a, 1_000), 'batch-key-0002')], () => T);
    expect(again[0]?.ok === false && again[0].error instanceof IdempotentReplay).toBe(true);
    expect((await getBalances(t.app.db, a)).cash).toBe(8_000);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});

describe('commitBatch', () => {
  it('when the batch fails as a whole, commits the others one by one and fails only the slip at fault', async () => {
    const a = await player(50_000);
    const b = await player(50_000);
    const before = await t.app.db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A play item that does not exist breaks the batch's insert (foreign key), not a check.
    const outcomes = await commitBatch(
      t.app.db,
      [slip(a, 1_000), slip(b, 1_000, 2_000_000_000), slip(b, 2_000)],
      () => T,
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]?.ok === false && !(outcomes[1].error instanceof AppError)).toBe(true);
    expect((await getBalances(t.app.db, a)).cash).toBe(49_000);
    expect((await getBalances(t.app.db, b)).cash).toBe(48_000);
    const after = await t.app.db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
