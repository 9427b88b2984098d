/**
 * The ledger service: the one way money moves (decision 0004, packages/domain/src/ledger.ts for the account
 * model and the sign convention).
 *
 *   postTransaction(trx, tx, reference)   post a domain LedgerTransaction inside the caller's database transaction
 *   getBalances(db, userId)               a user's cash, demo and pending balances
 *   ledgerCheck(db)                       the reconciliation report (docs/trust.md 1–3), computed in SQL
 *
 * Usage (a withdrawal request; the caller opens the transaction so its own rows and the postings commit together):
 *
 *   await db.transaction().execute(async (trx) => {
 *     const w = await insertWithdrawal(trx, …);
 *     await postTransaction(trx, withdrawalRequested(userId, amount, fee), `withdrawal:${w.id}`);
 *   });
 *
 * postTransaction throws AppError('INSUFFICIENT_BALANCE') when a player account would go below zero and
 * AppError('ALREADY_DECIDED') when (tx.kind, reference) was already posted; either way the caller's transaction
 * must roll back (let the error propagate out of `execute`).
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

/**
 * The one order in which every transaction locks ledger accounts: players' accounts first, then the house-wide
 * ones (house, demo source, fees, …), each by key in byte order (the SQL side: ledger.repository.ts
 * lockAccountsByKey). Two transactions that both lock several accounts therefore never wait for each other in a
 * cycle. House-wide accounts come last because nearly every transaction touches one: whoever holds it should
 * reach commit soon after — a batch of bets locks and checks its players' wallets while the previous batch
 * still holds the house account.
 */
export function lockOrder(a: string, b: string): number {
  const houseA = !a.includes(':');
  const houseB = !b.includes(':');
  if (houseA !== houseB) return houseA ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export type PostedTransaction = {
  transactionId: number;
  /** The new cached balance of every account the transaction touched, by account key. */
  balances: Map<string, number>;
};

/**
 * Posts `tx` (built by the domain, so already balanced) under `reference`, the business event it records
 * ('deposit:17', 'withdrawal:9', 'guest:5'). Must run inside a database transaction (`trx`).
 */
export async function postTransaction(trx: Db, tx: LedgerTransaction, reference: string): Promise<PostedTransaction> {
  if (!trx.isTransaction) throw new Error('postTransaction needs a database transaction');
  const transactionId = await repo.insertTransaction(trx, tx.kind, reference);
  if (transactionId === undefined) throw new AppError('ALREADY_DECIDED');

  // One delta per account; accounts in lockOrder, so two transactions lock shared rows in the same order and
  // cannot deadlock each other.
  const deltas = new Map<string, { kind: string; userId: number | null; delta: number }>();
  for (const p of tx.postings) {
    const key = accountKey(p.account);
    const entry = deltas.get(key) ?? { kind: p.account.kind, userId: p.account.userId ?? null, delta: 0 };
    entry.delta += p.amount;
    deltas.set(key, entry);
  }
  const keys = [...deltas.keys()].sort(lockOrder);
  const ids = await repo.upsertAccounts(
    trx,
    keys.map((key) => {
      const d = deltas.get(key);
      return { key, kind: d?.kind ?? '', user_id: d?.userId ?? null };
    }),
  );
  const idOf = (key: string): number => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`ledger account ${key} missing after upsert`);
    return id;
  };

  const balances = new Map<string, number>();
  for (const key of keys) {
    const delta = deltas.get(key)?.delta ?? 0;
    const balance = await repo.applyDelta(trx, idOf(key), delta);
    if (balance === undefined) throw new AppError('INSUFFICIENT_BALANCE');
    balances.set(key, balance);
  }
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
 * the accounts locked in lockOrder (created first if missing), then ONE statement that inserts the transactions
 * (any (kind, reference) already posted → ALREADY_DECIDED), their postings, and applies ONE guarded balance update
 * per account with the sum of its deltas (→ INSUFFICIENT_BALANCE). Bet placement (a batch of slips) and voids use
 * it: the house account is updated once per batch instead of once per slip. Large batches are split into chunks
 * that stay well under the protocol's parameter limits. (Settlement posts its payouts with ledger.batch.ts, which
 * never brings the rows into JavaScript.)
 */
export async function postTransactions(
  trx: Db,
  entries: readonly { tx: LedgerTransaction; reference: string }[],
): Promise<void> {
  if (!trx.isTransaction) throw new Error('postTransactions needs a database transaction');
  const CHUNK = 20_000;
  for (let start = 0; start < entries.length; start += CHUNK) {
    await postChunk(trx, entries.slice(start, start + CHUNK));
  }
}

async function postChunk(trx: Db, entries: readonly { tx: LedgerTransaction; reference: string }[]): Promise<void> {
  if (entries.length === 0) return;
  const accounts = new Map<string, { kind: string; userId: number | null; delta: number }>();
  for (const { tx } of entries) {
    for (const p of tx.postings) {
      const key = accountKey(p.account);
      const entry = accounts.get(key) ?? { kind: p.account.kind, userId: p.account.userId ?? null, delta: 0 };
      entry.delta += p.amount;
      accounts.set(key, entry);
    }
  }
  const keys = [...accounts.keys()].sort(lockOrder);
  // One UPDATE locks its rows in whatever order its plan visits them; take the locks in lockOrder first, like
  // postTransaction and the bet batch (migration 0011), so concurrent batches (bets, settlement) wait for each other, never deadlock.
  // Accounts that do not exist yet are created first (then locked with the others).
  let idByKey = await repo.lockAccountsByKey(trx, keys);
  if (idByKey.size < keys.length) {
    await repo.upsertAccounts(
      trx,
      keys
        .filter((key) => !idByKey.has(key))
        .map((key) => ({ key, kind: accounts.get(key)?.kind ?? '', user_id: accounts.get(key)?.userId ?? null })),
    );
    idByKey = await repo.lockAccountsByKey(trx, keys);
  }
  const idOf = (key: string): number => {
    const id = idByKey.get(key)?.id;
    if (id === undefined) throw new Error(`ledger account ${key} missing after upsert`);
    return id;
  };
  const deltas = keys
    .map((key) => ({ id: idOf(key), delta: accounts.get(key)?.delta ?? 0 }))
    .filter((d) => d.delta !== 0);
  const postings: { ord: number; account_id: number; amount: number }[] = [];
  entries.forEach(({ tx }, i) => {
    for (const p of tx.postings)
      postings.push({ ord: i + 1, account_id: idOf(accountKey(p.account)), amount: p.amount });
  });
  const posted = await repo.postBatch(
    trx,
    entries.map((e) => ({ kind: e.tx.kind, reference: e.reference })),
    postings,
    deltas,
  );
  if (posted.transactions !== entries.length) throw new AppError('ALREADY_DECIDED');
  if (posted.accounts !== deltas.length) throw new AppError('INSUFFICIENT_BALANCE');
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
