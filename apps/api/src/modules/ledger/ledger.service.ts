/**
 * The ledger service: the one way money moves (decision 0004, packages/domain/src/ledger.ts for the account
 * model and the sign convention).
 *
 *   postTransaction(trx, tx, reference, at)   post a domain LedgerTransaction inside the caller's database transaction
 *   postTransactions(trx, entries, at)        many of them, in a constant number of statements
 *   postWalletBatch(trx, build, source, at)   one per row of a SQL query, set-based (ledger.batch.ts: settlement, voids)
 *   getBalances(db, userId)                   a user's cash, demo and pending balances
 *   ledgerCheck(db)                           the reconciliation report (docs/trust.md 1–3), computed in SQL
 *
 * `at` is the app's clock (app.clock()) at the business event: the transaction's time, by which the report cuts its
 * business days. The database's own clock is never used for it.
 *
 * Usage (a withdrawal request; the caller opens the transaction so its own rows and the postings commit together):
 *
 *   await db.transaction().execute(async (trx) => {
 *     const w = await insertWithdrawal(trx, …);
 *     await postTransaction(trx, withdrawalRequested(userId, amount, fee), `withdrawal:${w.id}`, now);
 *   });
 *
 * postTransaction throws AppError('INSUFFICIENT_BALANCE') when a player account would go below zero and
 * AppError('ALREADY_DECIDED') when (tx.kind, reference) was already posted; either way the caller's transaction
 * must roll back (let the error propagate out of `execute`). The same holds for the other writers.
 *
 * Every writer of money — these three and the bet batch (db/functions/place_bet_slips.sql) — locks the accounts with
 * the ledger's one lock and moves balances with its one writer, both SQL functions (ledger_lock_accounts,
 * ledger_apply_deltas; ledger.repository.ts lockAccounts, applyDeltas), guarded by the CHECK on player balances.
 */
import { accountKey } from '@fairdraw/domain';
import type { LedgerTransaction } from '@fairdraw/domain';
import type { LedgerReport } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './ledger.repository.ts';

// Period-wide postings (settlement, voids) go through the set-based writer; other modules reach it from here.
export { postWalletBatch } from './ledger.batch.ts';
export type { WalletTransactionBuilder } from './ledger.batch.ts';

export type PostedTransaction = {
  transactionId: number;
  /** The new cached balance of every account the transaction touched, by account key. */
  balances: Map<string, number>;
};

/**
 * Posts `tx` (built by the domain, so already balanced) under `reference`, the business event it records
 * ('deposit:17', 'withdrawal:9', 'guest:5'). Must run inside a database transaction (`trx`).
 */
export async function postTransaction(
  trx: Db,
  tx: LedgerTransaction,
  reference: string,
  at: Date,
): Promise<PostedTransaction> {
  if (!trx.isTransaction) throw new Error('postTransaction needs a database transaction');
  const transactionId = await repo.insertTransaction(trx, tx.kind, reference, at);
  if (transactionId === undefined) throw new AppError('ALREADY_DECIDED');

  // One delta per account; the accounts locked first (the ledger's one lock), then moved by its one writer.
  const deltas = sumByAccount([tx]);
  const idOf = await lockAll(trx, deltas);
  const moved = await repo.applyDeltas(
    trx,
    [...deltas].map(([key, d]) => ({ id: idOf(key), delta: d.delta })),
  );
  if (moved === undefined) throw new AppError('INSUFFICIENT_BALANCE');
  const balances = new Map<string, number>();
  for (const key of deltas.keys()) balances.set(key, moved.get(idOf(key)) ?? 0);
  await repo.insertPostings(
    trx,
    tx.postings.map((p) => ({
      transaction_id: transactionId,
      account_id: idOf(accountKey(p.account)),
      amount: p.amount,
    })),
  );
  return { transactionId, balances };
}

/**
 * Posts many transactions in one go — the same invariants as postTransaction, in a constant number of statements:
 * the accounts created if missing and locked (the ledger's one lock), ONE statement that inserts the transactions
 * (any (kind, reference) already posted → ALREADY_DECIDED) and their postings, and ONE call of the ledger's one
 * writer with the sum of each account's deltas (→ INSUFFICIENT_BALANCE). Large batches are split into chunks that
 * stay well under the protocol's parameter limits. (Settlement and voids post with postWalletBatch, ledger.batch.ts,
 * which never brings the rows into JavaScript; bets with the SQL function place_bet_slips.)
 */
export async function postTransactions(
  trx: Db,
  entries: readonly { tx: LedgerTransaction; reference: string }[],
  at: Date,
): Promise<void> {
  if (!trx.isTransaction) throw new Error('postTransactions needs a database transaction');
  const CHUNK = 20_000;
  for (let start = 0; start < entries.length; start += CHUNK) {
    await postChunk(trx, entries.slice(start, start + CHUNK), at);
  }
}

async function postChunk(
  trx: Db,
  entries: readonly { tx: LedgerTransaction; reference: string }[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const accounts = sumByAccount(entries.map((e) => e.tx));
  const idOf = await lockAll(trx, accounts);
  const postings: { ord: number; account_id: number; amount: number }[] = [];
  entries.forEach(({ tx }, i) => {
    for (const p of tx.postings)
      postings.push({ ord: i + 1, account_id: idOf(accountKey(p.account)), amount: p.amount });
  });
  const inserted = await repo.insertTransactionsWithPostings(
    trx,
    entries.map((e) => ({ kind: e.tx.kind, reference: e.reference })),
    postings,
    at,
  );
  if (inserted !== entries.length) throw new AppError('ALREADY_DECIDED');
  const moved = await repo.applyDeltas(
    trx,
    [...accounts].filter(([, a]) => a.delta !== 0).map(([key, a]) => ({ id: idOf(key), delta: a.delta })),
  );
  if (moved === undefined) throw new AppError('INSUFFICIENT_BALANCE');
}

type AccountDeltas = Map<string, { kind: string; userId: number | null; delta: number }>;

/** The sum of the postings of `txs` per account key, with what creating the account needs. */
function sumByAccount(txs: readonly LedgerTransaction[]): AccountDeltas {
  const deltas: AccountDeltas = new Map();
  for (const tx of txs) {
    for (const p of tx.postings) {
      const key = accountKey(p.account);
      const entry = deltas.get(key) ?? { kind: p.account.kind, userId: p.account.userId ?? null, delta: 0 };
      entry.delta += p.amount;
      deltas.set(key, entry);
    }
  }
  return deltas;
}

/** Creates the missing accounts and locks them all (ledger.repository.ts lockAccounts); returns the id of a key. */
async function lockAll(trx: Db, accounts: AccountDeltas): Promise<(key: string) => number> {
  const locked = await repo.lockAccounts(
    trx,
    [...accounts].map(([key, a]) => ({ key, kind: a.kind, user_id: a.userId })),
  );
  return (key) => {
    const id = locked.get(key)?.id;
    if (id === undefined) throw new Error(`ledger account ${key} missing after it was created`);
    return id;
  };
}

export type UserBalances = { cash: number; demo: number; pending: number };

/** A user's balances; an account never posted to counts as 0. */
export async function getBalances(db: Db, userId: number): Promise<UserBalances> {
  const rows = await repo.balancesOfUser(db, userId);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balance ?? 0;
  return { cash: of('player_cash'), demo: of('player_demo'), pending: of('withdrawals_pending') };
}

/**
 * The reconciliation report (docs/trust.md 1–3): every transaction sums to zero (and has postings), all postings sum to
 * zero, and each account's cached balance equals the sum of its postings. Lists are capped at 1000 entries.
 */
export async function ledgerCheck(db: Db): Promise<LedgerReport> {
  const [counts, unbalanced, mismatches] = await Promise.all([
    repo.ledgerCounts(db),
    repo.unbalancedTransactions(db),
    repo.balanceMismatches(db),
  ]);
  return {
    ok: counts.total === 0 && unbalanced.length === 0 && mismatches.length === 0,
    transactions: counts.transactions,
    postings: counts.postings,
    total: counts.total,
    unbalanced,
    mismatches,
  };
}
