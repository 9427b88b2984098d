/**
 * Posting a large batch of wallet transactions in SQL (settlement: one 'payout' per paying slip of a period, up to
 * about 10⁵ at once; a void: one 'stake_refund' per slip). Same invariants as postTransactions (ledger.service.ts),
 * without bringing the rows into JavaScript:
 *
 *   await db.transaction().execute(async (trx) => {
 *     …rows of (reference, user_id, wallet, amount) somewhere the transaction can read…
 *     await postWalletBatch(trx, payoutCredited, sql`select 'bet:' || id as reference, user_id, wallet, payout as amount
 *                                                     from … order by id`, now);
 *   });
 *
 * `build` is the domain's constructor of the transaction (payoutCredited, stakeRefunded, stakePlaced): its postings
 * for user 1 and amount 1 in each wallet are the template every row follows — the same accounts (the user's own
 * ones for the player kinds) and the same signs, scaled by the row's amount; a builder that is not of that shape is
 * refused. So the accounts and signs stay the domain's. The steps (SQL in ledger.repository.ts), all inside the
 * caller's transaction:
 *   1. the rows are copied into a temporary table (dropped at commit) and checked: 0 < amount ≤ 2⁵³ − 1 (what the
 *      domain accepts), a user, a known wallet;
 *   2. one insert of the transactions (kind, reference), under ids drawn from the sequence in step 1 (so nothing is
 *      read back to link them); any (kind, reference) already posted, or twice in the batch, fails the insert on
 *      the UNIQUE → ALREADY_DECIDED (the caller's transaction is aborted by then and rolls back);
 *   3. the accounts touched are created if missing and locked by the ledger's one lock (lockAccounts, as every
 *      writer does: concurrent batches — bets, settlements, voids — wait for each other, never deadlock);
 *   4. one balance update per account with the sum of its deltas, by the ledger's one writer (applyDeltas' SQL
 *      function: a player account never goes below zero → INSUFFICIENT_BALANCE);
 *   5. one insert of the postings.
 * Either error must roll the caller's transaction back (let it propagate out of `execute`).
 */
import type { RawBuilder } from 'kysely';
import { accountKey, minor } from '@fairdraw/domain';
import type { LedgerTransaction, LedgerTransactionKind, Minor, Wallet } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './ledger.repository.ts';

export type WalletTransactionBuilder = (userId: number, wallet: Wallet, amount: Minor) => LedgerTransaction;

const WALLETS: readonly Wallet[] = ['cash', 'demo'];

/** One entry per posting of every wallet's template (parallel arrays, passed to unnest), and the one kind. */
type Template = repo.WalletTemplateLines & { kind: LedgerTransactionKind };

/** The accounts and signs `build` uses in each wallet, checked to scale with the user and the amount. */
export function walletTemplate(build: WalletTransactionBuilder): Template {
  const t: Template = { kind: 'payout', wallet: [], accountKind: [], perUser: [], factor: [], pos: [] };
  const kinds = new Set<LedgerTransactionKind>();
  for (const wallet of WALLETS) {
    const one = build(1, wallet, minor(1));
    const other = build(2, wallet, minor(3));
    kinds.add(one.kind).add(other.kind);
    if (one.postings.length !== other.postings.length) throw new Error('postWalletBatch: builder is not linear');
    one.postings.forEach((p, i) => {
      const q = other.postings[i];
      const perUser = p.account.userId !== undefined;
      const sameShape =
        q !== undefined &&
        q.account.kind === p.account.kind &&
        q.amount === 3 * p.amount &&
        (perUser
          ? p.account.userId === 1 && q.account.userId === 2 && accountKey(p.account) === `${p.account.kind}:1`
          : q.account.userId === undefined && accountKey(p.account) === p.account.kind);
      if (!sameShape) throw new Error('postWalletBatch: builder is not linear in the user and the amount');
      t.wallet.push(wallet);
      t.accountKind.push(p.account.kind);
      t.perUser.push(perUser);
      t.factor.push(p.amount);
      t.pos.push(i);
    });
  }
  const [kind, ...more] = kinds;
  if (kind === undefined || more.length > 0) throw new Error('postWalletBatch: one transaction kind per batch');
  t.kind = kind;
  return t;
}

/**
 * Posts one transaction of `build` per row of `source`, a query of (reference, user_id, wallet, amount), posted `at`
 * (the app's clock); returns how many. Must run inside a database transaction.
 */
export async function postWalletBatch(
  trx: Db,
  build: WalletTransactionBuilder,
  source: RawBuilder<unknown>,
  at: Date,
): Promise<number> {
  if (!trx.isTransaction) throw new Error('postWalletBatch needs a database transaction');
  const t = walletTemplate(build);

  // 1. The rows, checked.
  const checked = await repo.createWalletBatch(trx, source, t.wallet);
  if (checked.bad > 0) {
    throw new Error(`postWalletBatch: ${checked.bad} row(s) without a positive safe amount, a user or a wallet`);
  }
  if (checked.n === 0) return 0;

  // 2. The transactions; a (kind, reference) already there (or twice in the batch) fails the insert.
  const inserted = await repo.insertWalletBatchTransactions(trx, t.kind, at);
  if (inserted !== checked.n) throw new AppError('ALREADY_DECIDED');

  // 3. The postings to make and the accounts they need, created if missing and locked.
  const accounts = await repo.createWalletBatchLines(trx, t);
  await repo.lockAccounts(trx, accounts);

  // 4. One update per account, guarded.
  const moved = await repo.applyWalletBatchDeltas(trx);
  if (moved === undefined) throw new AppError('INSUFFICIENT_BALANCE');

  // 5. The postings.
  await repo.insertWalletBatchPostings(trx);
  return checked.n;
}
