/**
 * Posting a large batch of wallet transactions in SQL (settlement: one 'payout' per paying slip of a period, up to
 * about 10⁵ at once). Same invariants as postTransactions (ledger.service.ts), without bringing the rows into
 * JavaScript:
 *
 *   await db.transaction().execute(async (trx) => {
 *     …rows of (reference, user_id, wallet, amount) somewhere the transaction can read…
 *     await postWalletBatch(trx, payoutCredited, sql`select 'bet:' || id as reference, user_id, wallet, payout as amount
 *                                                     from … order by id`);
 *   });
 *
 * `build` is the domain's constructor of the transaction (payoutCredited, stakeRefunded, stakePlaced): its postings
 * for user 1 and amount 1 in each wallet are the template every row follows — the same accounts (the user's own
 * ones for the player kinds) and the same signs, scaled by the row's amount; a builder that is not of that shape is
 * refused. So the accounts and signs stay the domain's. The statements, all inside the caller's transaction:
 *   1. the rows are copied into a temporary table (dropped at commit) and checked: 0 < amount ≤ 2⁵³ − 1 (what the
 *      domain accepts), a user, a known wallet;
 *   2. one insert of the transactions (kind, reference); any (kind, reference) already posted → ALREADY_DECIDED;
 *   3. the accounts that do not exist yet are created; every account touched is locked FOR UPDATE in the ledger's
 *      lock order (lockAccountsByKey, as postTransactions and the bet batch do: concurrent batches — bets,
 *      settlements — wait for each other, never deadlock);
 *   4. ONE guarded balance update per account with the sum of its deltas (the guard of applyDeltas: a player account
 *      never goes below zero → INSUFFICIENT_BALANCE);
 *   5. one insert of the postings.
 * Either error must roll the caller's transaction back (let it propagate out of `execute`).
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { PLAYER_ACCOUNT_KINDS, accountKey, minor } from '@fairdraw/domain';
import type { LedgerTransaction, LedgerTransactionKind, Minor, Wallet } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccountsByKey } from './ledger.repository.ts';

export type WalletTransactionBuilder = (userId: number, wallet: Wallet, amount: Minor) => LedgerTransaction;

const WALLETS: readonly Wallet[] = ['cash', 'demo'];

type Template = {
  kind: LedgerTransactionKind;
  /** One entry per posting of every wallet's template (parallel arrays, passed to unnest). */
  wallet: string[];
  accountKind: string[];
  perUser: boolean[];
  factor: number[];
  pos: number[];
};

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
 * Posts one transaction of `build` per row of `source`, a query of (reference, user_id, wallet, amount); returns how
 * many. Must run inside a database transaction.
 */
export async function postWalletBatch(
  trx: Db,
  build: WalletTransactionBuilder,
  source: RawBuilder<unknown>,
): Promise<number> {
  if (!trx.isTransaction) throw new Error('postWalletBatch needs a database transaction');
  const t = walletTemplate(build);

  await sql`drop table if exists pg_temp.fd_ledger_batch, pg_temp.fd_ledger_lines`.execute(trx);
  await sql`
    create temp table fd_ledger_batch on commit drop as
    select row_number() over () as ord, s.reference::text as reference, s.user_id::integer as user_id,
           s.wallet::text as wallet, s.amount::bigint as amount, null::bigint as transaction_id
    from (${source}) as s`.execute(trx);
  // Statistics for the joins below (a fresh temporary table has none).
  await sql`analyze fd_ledger_batch`.execute(trx);
  const checked = await one<{ n: number; bad: number }>(
    trx,
    sql`
      select count(*)::int as n,
             count(*) filter (where amount is null or amount <= 0 or amount > ${Number.MAX_SAFE_INTEGER}
                                 or user_id is null or user_id <= 0
                                 or reference is null or wallet is null or wallet <> all(${t.wallet}::text[]))::int as bad
      from fd_ledger_batch`,
  );
  if (checked.bad > 0) {
    throw new Error(`postWalletBatch: ${checked.bad} row(s) without a positive safe amount, a user or a wallet`);
  }
  if (checked.n === 0) return 0;

  // 2. The transactions; a (kind, reference) already there is skipped by the insert and so not counted.
  const inserted = await one<{ n: number }>(
    trx,
    sql`
      with ins as (
        insert into ledger_transactions (kind, reference)
        select ${t.kind}, reference from fd_ledger_batch order by ord
        on conflict (kind, reference) do nothing
        returning id, reference
      ), linked as (
        update fd_ledger_batch b set transaction_id = ins.id from ins where b.reference = ins.reference returning 1
      )
      select count(*)::int as n from linked`,
  );
  if (inserted.n !== checked.n) throw new AppError('ALREADY_DECIDED');

  // 3. The postings to make, the accounts they need (created if missing), locked in key order.
  await sql`
    create temp table fd_ledger_lines on commit drop as
    select b.transaction_id, t.pos, t.account_kind,
           case when t.per_user then b.user_id end as user_id,
           case when t.per_user then t.account_kind || ':' || b.user_id else t.account_kind end as key,
           t.factor * b.amount as amount, null::integer as account_id
    from fd_ledger_batch b
    join unnest(${t.wallet}::text[], ${t.accountKind}::text[], ${t.perUser}::boolean[], ${t.factor}::bigint[],
                ${t.pos}::integer[]) as t(wallet, account_kind, per_user, factor, pos)
      on t.wallet = b.wallet`.execute(trx);
  await sql`analyze fd_ledger_lines`.execute(trx);
  await sql`
    insert into ledger_accounts (key, kind, user_id)
    select distinct key, account_kind, user_id from fd_ledger_lines order by key
    on conflict (key) do nothing`.execute(trx);
  const { rows: keys } = await sql<{ key: string }>`select distinct key from fd_ledger_lines`.execute(trx);
  await lockAccountsByKey(
    trx,
    keys.map((k) => k.key),
  );
  await sql`
    update fd_ledger_lines l set account_id = a.id from ledger_accounts a where a.key = l.key`.execute(trx);

  // 4. One guarded update per account.
  const applied = await one<{ wanted: number; done: number }>(
    trx,
    sql`
      with d as (
        select account_id, sum(amount) as delta from fd_ledger_lines group by account_id having sum(amount) <> 0
      ), u as (
        update ledger_accounts a set balance = a.balance + d.delta
        from d
        where a.id = d.account_id and (a.kind <> all(${[...PLAYER_ACCOUNT_KINDS]}::text[]) or a.balance + d.delta >= 0)
        returning 1
      )
      select (select count(*) from d)::int as wanted, (select count(*) from u)::int as done`,
  );
  if (applied.done !== applied.wanted) throw new AppError('INSUFFICIENT_BALANCE');

  // 5. The postings.
  await sql`
    insert into ledger_postings (transaction_id, account_id, amount)
    select transaction_id, account_id, amount from fd_ledger_lines order by transaction_id, pos`.execute(trx);
  await sql`drop table fd_ledger_batch, fd_ledger_lines`.execute(trx);
  return checked.n;
}

async function one<T>(trx: Db, query: RawBuilder<unknown>): Promise<T> {
  const { rows } = await query.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new Error('postWalletBatch: no row');
  return row as T;
}
