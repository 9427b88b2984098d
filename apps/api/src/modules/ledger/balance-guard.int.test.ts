import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { minor, stakePlaced } from '@fairdraw/domain';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { openAt, openPeriod, playItems, preparedSlip, userIdOf } from '../../test/bets-helper.ts';
import { AppError } from '../../lib/app-error.ts';
import { commitSlips } from '../bets/slip-batch.ts';
import { getBalances, ledgerCheck, postTransaction, postTransactions, postWalletBatch } from './ledger.service.ts';

// Decision 0004: the four writers of money share one lock and one writer of balances, guarded by the CHECK on
// player balances. A debit beyond the balance is refused on each path with the same error key, and nothing is
// written: no transaction, no posting, no slip, no balance moved.

const T = new Date('2031-01-10T05:00:20Z');
const CASH = 10_000;
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const op = await operatorToken(t.app);
  const p = await registerPlayer(t.app);
  await fund(t.app, op, p.token, CASH);
  userId = await userIdOf(t.app, p.token);
});
afterAll(async () => {
  await t.close();
});

async function snapshot() {
  const report = await ledgerCheck(t.app.db);
  const bets = await t.app.db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const house = await sql<{ key: string; balance: number }>`
    select key, balance from ledger_accounts where user_id is null order by key`.execute(t.app.db);
  return {
    transactions: Number(report.transactions),
    postings: Number(report.postings),
    bets: Number(bets.n),
    balances: await getBalances(t.app.db, userId),
    house: house.rows.map((r) => [r.key, Number(r.balance)]),
  };
}

async function keyOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.key;
    throw err;
  }
  throw new Error('expected a refusal');
}

const TOO_MUCH = CASH + 1;

describe('a debit beyond the balance, on each of the four paths', () => {
  it('postTransaction: INSUFFICIENT_BALANCE, nothing written', async () => {
    const before = await snapshot();
    const key = await keyOf(
      t.app.db
        .transaction()
        .execute((trx) => postTransaction(trx, stakePlaced(userId, 'cash', minor(TOO_MUCH)), 'guard:one', T)),
    );
    expect(key).toBe('INSUFFICIENT_BALANCE');
    expect(await snapshot()).toEqual(before);
  });

  it('postTransactions: INSUFFICIENT_BALANCE, nothing written (the other entries of the batch neither)', async () => {
    const before = await snapshot();
    const key = await keyOf(
      t.app.db.transaction().execute((trx) =>
        postTransactions(
          trx,
          [
            { tx: stakePlaced(userId, 'cash', minor(CASH)), reference: 'guard:many:1' },
            { tx: stakePlaced(userId, 'cash', minor(1)), reference: 'guard:many:2' },
          ],
          T,
        ),
      ),
    );
    expect(key).toBe('INSUFFICIENT_BALANCE');
    expect(await snapshot()).toEqual(before);
  });

  it('postWalletBatch: INSUFFICIENT_BALANCE, nothing written', async () => {
    const before = await snapshot();
    const key = await keyOf(
      t.app.db.transaction().execute((trx) =>
        postWalletBatch(
          trx,
          stakePlaced,
          sql`select 'guard:wallet:' || n as reference, ${userId}::int as user_id, 'cash' as wallet,
                     ${CASH / 2 + 1}::bigint as amount
              from generate_series(1, 2) n`,
          T,
        ),
      ),
    );
    expect(key).toBe('INSUFFICIENT_BALANCE');
    expect(await snapshot()).toEqual(before);
  });

  it('place_bet_slips (the bet batch): INSUFFICIENT_BALANCE, nothing written', async () => {
    await openAt(t.app, T);
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0];
    if (!play) throw new Error('no k3 play');
    const before = await snapshot();
    const [outcome] = await commitSlips(t.app.db, [preparedSlip(k3, play, userId, TOO_MUCH)], () => T);
    expect(outcome?.ok).toBe(false);
    expect(outcome && !outcome.ok && outcome.error instanceof AppError ? outcome.error.key : undefined).toBe(
      'INSUFFICIENT_BALANCE',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('the whole balance is fine on every path (the guard refuses only what goes below zero)', async () => {
    await t.app.db
      .transaction()
      .execute((trx) => postTransaction(trx, stakePlaced(userId, 'cash', minor(CASH)), 'guard:exact', T));
    expect((await getBalances(t.app.db, userId)).cash).toBe(0);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});

describe('the one writer of balances (ledger_apply_deltas)', () => {
  it('is refused by the CHECK for a player account below zero, not for a house-wide account', async () => {
    const { rows } = await sql<{ id: number; key: string }>`
      select id, key from ledger_accounts where key in (${`player_cash:${userId}`}, 'house')`.execute(t.app.db);
    const player = rows.find((r) => r.key !== 'house');
    const house = rows.find((r) => r.key === 'house');
    if (!player || !house) throw new Error('accounts missing');
    await expect(
      t.app.db
        .transaction()
        .execute((trx) =>
          sql`select * from ledger_apply_deltas(array[${player.id}]::int[], array[-1]::bigint[])`.execute(trx),
        ),
    ).rejects.toThrow(/ledger_accounts_player_balance_nonnegative/);
    // A house-wide account may go below zero; rolled back so the ledger stays sound.
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        const moved = await sql<{ r_balance: number }>`
          select r_balance from ledger_apply_deltas(array[${house.id}, ${house.id}]::int[],
                                                    array[-1, -(1e15)::bigint]::bigint[])`.execute(trx);
        expect(moved.rows).toHaveLength(1);
        expect(Number(moved.rows[0]?.r_balance)).toBeLessThan(0);
        throw new Error('rollback');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'rollback') throw err;
      });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
