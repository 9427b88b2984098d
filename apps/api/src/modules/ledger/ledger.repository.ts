import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Plain functions over the ledger tables. The caller owns the database transaction (see ledger.service.ts).

const PLAYER_KINDS = sql`('player_cash', 'player_demo', 'withdrawals_pending')`;

/** Inserts the transaction row, or returns undefined when (kind, reference) was already posted. */
export async function insertTransaction(trx: Db, kind: string, reference: string): Promise<number | undefined> {
  const row = await trx
    .insertInto('ledger_transactions')
    .values({ kind: kind as never, reference })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Creates the accounts that do not exist yet; returns every account's id by key. */
export async function upsertAccounts(
  trx: Db,
  accounts: { key: string; kind: string; user_id: number | null }[],
): Promise<Map<string, number>> {
  await trx
    .insertInto('ledger_accounts')
    .values(accounts.map((a) => ({ key: a.key, kind: a.kind as never, user_id: a.user_id })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'key'])
    .where(
      'key',
      'in',
      accounts.map((a) => a.key),
    )
    .execute();
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * Locks the accounts with these keys FOR UPDATE in the ledger's lock order (ledger.service.ts lockOrder: players'
 * accounts first, then house-wide ones, each by key in byte order), so two transactions that both lock several
 * accounts cannot deadlock. Returns id and cached balance by key; a key
 * without an account yet is absent.
 */
export async function lockAccountsByKey(
  trx: Db,
  keys: readonly string[],
): Promise<Map<string, { id: number; balance: number }>> {
  if (keys.length === 0) return new Map();
  const { rows } = await sql<{ id: number; key: string; balance: number }>`
    select id, key, balance from ledger_accounts where key = any(${[...keys]}::text[])
    order by user_id is null, key collate "C" for update`.execute(trx);
  return new Map(rows.map((r) => [r.key, { id: r.id, balance: Number(r.balance) }]));
}

export async function insertPostings(
  trx: Db,
  postings: { transaction_id: number; account_id: number; amount: number }[],
): Promise<void> {
  await trx.insertInto('ledger_postings').values(postings).execute();
}

/**
 * Adds `delta` to the cached balance, unless that would take a player account below zero: then no row is updated
 * and undefined is returned. The row lock taken here is held until the transaction ends.
 */
export async function applyDelta(trx: Db, accountId: number, delta: number): Promise<number | undefined> {
  const { rows } = await sql<{ balance: number }>`
    update ledger_accounts set balance = balance + ${delta}
    where id = ${accountId} and (kind not in ${PLAYER_KINDS} or balance + ${delta} >= 0)
    returning balance`.execute(trx);
  return rows[0]?.balance;
}

export async function balancesOfUser(db: Db, userId: number): Promise<{ kind: string; balance: number }[]> {
  return db.selectFrom('ledger_accounts').select(['kind', 'balance']).where('user_id', '=', userId).execute();
}

export type LedgerCounts = { transactions: number; postings: number; total: number };

/** Whole-ledger figures in SQL: counts and the sum of every posting. */
export async function ledgerCounts(db: Db): Promise<LedgerCounts> {
  const { rows } = await sql<LedgerCounts>`
    select (select count(*) from ledger_transactions)::bigint as transactions,
           (select count(*) from ledger_postings)::bigint as postings,
           (select coalesce(sum(amount), 0) from ledger_postings)::bigint as total`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger counts: no row');
  return row;
}

/** Transactions whose postings do not sum to zero, or that have no postings at all. */
export async function unbalancedTransactions(db: Db): Promise<{ transaction_id: number; sum: number }[]> {
  const { rows } = await sql<{ transaction_id: number; sum: number }>`
    select t.id as transaction_id, coalesce(sum(p.amount), 0)::bigint as sum
    from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
    group by t.id
    having coalesce(sum(p.amount), 0) <> 0 or count(p.id) = 0
    order by t.id
    limit 1000`.execute(db);
  return rows;
}

/** Accounts whose cached balance differs from the sum of their postings. */
export async function balanceMismatches(db: Db): Promise<{ account: string; cached: number; recomputed: number }[]> {
  const { rows } = await sql<{ account: string; cached: number; recomputed: number }>`
    select a.key as account, a.balance as cached, coalesce(s.sum, 0)::bigint as recomputed
    from ledger_accounts a
    left join (select account_id, sum(amount) as sum from ledger_postings group by account_id) s
      on s.account_id = a.id
    where a.balance <> coalesce(s.sum, 0)
    order by a.key
    limit 1000`.execute(db);
  return rows;
}

/**
 * A batch of postings in ONE statement: the transaction rows (a (kind, reference) already posted is skipped), their
 * postings (`ord` = 1-based index of the transaction in `transactions`), and each account's balance moved by its
 * delta with the guard of applyDelta. Returns how many transactions were inserted and how many accounts updated:
 * fewer than given means ALREADY_DECIDED or INSUFFICIENT_BALANCE, and the caller must roll back.
 */
export async function postBatch(
  trx: Db,
  transactions: { kind: string; reference: string }[],
  postings: { ord: number; account_id: number; amount: number }[],
  deltas: { id: number; delta: number }[],
): Promise<{ transactions: number; accounts: number }> {
  const { rows } = await sql<{ transactions: number; accounts: number; postings: number }>`
    with input as (
      select kind, reference, ord
      from unnest(${transactions.map((r) => r.kind)}::text[], ${transactions.map((r) => r.reference)}::text[])
        with ordinality as t(kind, reference, ord)
    ), ins as (
      insert into ledger_transactions (kind, reference)
      select kind, reference from input order by ord
      on conflict (kind, reference) do nothing
      returning id, kind, reference
    ), tx as (
      select ins.id, input.ord from ins join input using (kind, reference)
    ), post as (
      insert into ledger_postings (transaction_id, account_id, amount)
      select tx.id, p.account_id, p.amount
      from unnest(${postings.map((p) => p.ord)}::bigint[], ${postings.map((p) => p.account_id)}::bigint[],
                  ${postings.map((p) => p.amount)}::bigint[]) as p(ord, account_id, amount)
      join tx on tx.ord = p.ord
      returning 1
    ), upd as (
      update ledger_accounts as a set balance = a.balance + d.delta
      from unnest(${deltas.map((d) => d.id)}::bigint[], ${deltas.map((d) => d.delta)}::bigint[]) as d(id, delta)
      where a.id = d.id and (a.kind not in ${PLAYER_KINDS} or a.balance + d.delta >= 0)
      returning a.id
    )
    select (select count(*) from tx)::int as transactions, (select count(*) from upd)::int as accounts,
           (select count(*) from post)::int as postings`.execute(trx);
  const row = rows[0];
  return { transactions: Number(row?.transactions ?? 0), accounts: Number(row?.accounts ?? 0) };
}
