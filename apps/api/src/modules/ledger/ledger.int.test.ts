import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoGrant, depositCredited, minor, stakePlaced, withdrawalRequested } from '@fairdraw/domain';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { playerToken } from '../../test/money-helper.ts';
import { AppError } from '../../lib/app-error.ts';
import { runLedgerCheck } from '../../../scripts/ledger-check.ts';
import { getBalances, ledgerCheck, postTransaction, postTransactions } from './ledger.service.ts';

// docs/trust.md 1–4: balanced transactions, no negative player balance (enforced by the database), cached = recomputed,
// append-only postings.

let t: TestApp;
let userId: number;
beforeAll(async () => {
  // This file corrupts the ledger on purpose (to prove the check notices), so it opts out of the closing check.
  t = await buildTestApp({}, { ledgerCheckOnClose: false });
  await playerToken(t.app);
  const row = await t.app.db.selectFrom('users').select('id').where('role', '=', 'player').executeTakeFirstOrThrow();
  userId = row.id;
});
afterAll(async () => {
  await t.close();
});

async function post(tx: Parameters<typeof postTransaction>[1], reference: string) {
  return t.app.db.transaction().execute((trx) => postTransaction(trx, tx, reference, t.app.clock()));
}

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('postTransaction', () => {
  it('posts, updates cached balances, and balances come back as numbers', async () => {
    const posted = await post(depositCredited(userId, minor(50_000)), 'test:deposit:1');
    expect(posted.balances.get(`player_cash:${userId}`)).toBe(50_000);
    const balances = await getBalances(t.app.db, userId);
    expect(balances).toEqual({ cash: 50_000, demo: 0, pending: 0 });
    expect(typeof balances.cash).toBe('number');
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('refuses the same (kind, reference) twice and posts nothing the second time', async () => {
    const err = await errorOf(post(depositCredited(userId, minor(1)), 'test:deposit:1'));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('ALREADY_DECIDED');
    expect((await getBalances(t.app.db, userId)).cash).toBe(50_000);
  });

  it('refuses a debit below zero with INSUFFICIENT_BALANCE and rolls the whole transaction back', async () => {
    const before = await ledgerCheck(t.app.db);
    const err = await errorOf(post(stakePlaced(userId, 'cash', minor(50_001)), 'test:stake:1'));
    expect((err as AppError).key).toBe('INSUFFICIENT_BALANCE');
    const after = await ledgerCheck(t.app.db);
    expect(after.transactions).toBe(before.transactions);
    expect(after.postings).toBe(before.postings);
    expect((await getBalances(t.app.db, userId)).cash).toBe(50_000);
    // Exactly the balance is fine.
    await post(withdrawalRequested(userId, minor(49_000), minor(1_000)), 'test:withdrawal:1');
    expect(await getBalances(t.app.db, userId)).toEqual({ cash: 0, demo: 0, pending: 50_000 });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('needs a database transaction', async () => {
    await expect(postTransaction(t.app.db, demoGrant(userId, minor(1)), 'x', t.app.clock())).rejects.toThrow(
      /transaction/,
    );
  });
});

describe('the database enforces the ledger', () => {
  it('refuses UPDATE and DELETE of postings, transactions and audit rows', async () => {
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('audit_log')
        .values({ actor_user_id: null, actor_account: 't', action: 'a', target: 'x', before: null, after: null })
        .execute();
    });
    for (const statement of [
      sql`update ledger_postings set amount = amount + 1`,
      sql`delete from ledger_postings`,
      sql`update ledger_transactions set reference = 'x'`,
      sql`delete from ledger_transactions`,
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate ledger_postings cascade`,
    ]) {
      await expect(statement.execute(t.app.db)).rejects.toThrow(/append-only/);
    }
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('refuses a negative player balance even by direct SQL (CHECK)', async () => {
    await expect(
      sql`update ledger_accounts set balance = -1 where key = ${`player_cash:${userId}`}`.execute(t.app.db),
    ).rejects.toThrow(/ledger_accounts_player_balance_nonnegative/);
    // House accounts may be negative (deposits_clearing is minus what players brought in).
    const clearing = await t.app.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('key', '=', 'deposits_clearing')
      .executeTakeFirstOrThrow();
    expect(clearing.balance).toBe(-50_000);
  });

  it('refuses a posting naming a transaction or an account that does not exist, and keeps every account', async () => {
    // Checked once per insert statement (migration 0044), whatever the number of rows: one bad row fails them all.
    for (const statement of [
      sql`insert into ledger_postings (transaction_id, account_id, amount)
          select max(t.id) + 1, min(a.id), 1 from ledger_transactions t, ledger_accounts a`,
      sql`insert into ledger_postings (transaction_id, account_id, amount)
          select t.id, a.id, v from (select min(id) as id from ledger_transactions) t,
                 (select max(id) + k as id from ledger_accounts, generate_series(0, 1) k group by k) a,
                 (values (1), (-1)) x(v)`,
    ]) {
      await expect(statement.execute(t.app.db)).rejects.toThrow(/does not exist/);
    }
    for (const statement of [
      sql`delete from ledger_accounts where id = (select min(id) from ledger_accounts)`,
      sql`update ledger_accounts set id = default where id = (select min(id) from ledger_accounts)`,
      sql`truncate ledger_accounts cascade`,
    ]) {
      await expect(statement.execute(t.app.db)).rejects.toThrow(/never removed nor renumbered|append-only/);
    }
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('refuses a zero posting', async () => {
    await expect(
      sql`insert into ledger_postings (transaction_id, account_id, amount)
          select t.id, a.id, 0 from ledger_transactions t, ledger_accounts a limit 1`.execute(t.app.db),
    ).rejects.toThrow(/check/i);
  });
});

describe('ledgerCheck and the ledger:check script', () => {
  it('reports ok with exit code 0 on a sound ledger', async () => {
    const lines: string[] = [];
    const { code, report } = await runLedgerCheck(t.app.db, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.total).toBe(0);
    expect(report.transactions).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^ledger ok/);
  });

  it('detects a tampered cached balance and exits 1 with the difference', async () => {
    const key = `withdrawals_pending:${userId}`;
    await sql`update ledger_accounts set balance = balance + 7 where key = ${key}`.execute(t.app.db);
    const lines: string[] = [];
    const { code, report } = await runLedgerCheck(t.app.db, (l) => lines.push(l));
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([{ account: key, cached: 50_007, recomputed: 50_000 }]);
    expect(lines.join('\n')).toContain(`account ${key}: cached 50007, recomputed from postings 50000`);
    await sql`update ledger_accounts set balance = balance - 7 where key = ${key}`.execute(t.app.db);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('detects an unbalanced transaction (a posting written around the service)', async () => {
    await sql`insert into ledger_transactions (kind, reference, created_at) values ('bonus', 'tamper', ${t.app.clock()})`.execute(
      t.app.db,
    );
    const report = await ledgerCheck(t.app.db);
    expect(report.ok).toBe(false);
    expect(report.unbalanced).toHaveLength(1);
    expect(report.unbalanced[0]?.sum).toBe(0); // no postings at all counts as unbalanced
  });
});

describe('postTransactions (a batch, as settlement posts it)', () => {
  const batch = (entries: Parameters<typeof postTransactions>[1]) =>
    t.app.db.transaction().execute((trx) => postTransactions(trx, entries, t.app.clock()));

  it('posts every transaction with its postings and sums each account once', async () => {
    const before = (await getBalances(t.app.db, userId)).cash;
    const txs = await t.app.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await batch([
      { tx: depositCredited(userId, minor(100)), reference: 'batch:1' },
      { tx: depositCredited(userId, minor(250)), reference: 'batch:2' },
      { tx: stakePlaced(userId, 'cash', minor(50)), reference: 'batch:3' },
    ]);
    expect((await getBalances(t.app.db, userId)).cash).toBe(before + 300);
    const after = await t.app.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(txs.n)).toBe(3);
    // (The tamper test above left one empty transaction on purpose; balances and sums must still agree.)
    expect((await ledgerCheck(t.app.db)).mismatches).toEqual([]);
    expect((await ledgerCheck(t.app.db)).total).toBe(0);
  });

  it('refuses the whole batch when one reference was already posted, or a player would go below zero', async () => {
    const before = await getBalances(t.app.db, userId);
    const dup = await errorOf(
      batch([
        { tx: depositCredited(userId, minor(1)), reference: 'batch:new' },
        { tx: depositCredited(userId, minor(1)), reference: 'batch:1' },
      ]),
    );
    expect((dup as AppError).key).toBe('ALREADY_DECIDED');
    const broke = await errorOf(
      batch([{ tx: stakePlaced(userId, 'cash', minor(before.cash + 1)), reference: 'batch:too-much' }]),
    );
    expect((broke as AppError).key).toBe('INSUFFICIENT_BALANCE');
    expect(await getBalances(t.app.db, userId)).toEqual(before);
    // (The tamper test above left one empty transaction on purpose; balances and sums must still agree.)
    expect((await ledgerCheck(t.app.db)).mismatches).toEqual([]);
    expect((await ledgerCheck(t.app.db)).total).toBe(0);
  });
});
