import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

// Plain functions over the ledger tables. The caller owns the database transaction (see ledger.service.ts).

/**
 * Inserts the transaction row posted `at` (the app's clock), or returns undefined when (kind, reference) was already
 * posted.
 */
export async function insertTransaction(
  trx: Db,
  kind: string,
  reference: string,
  at: Date,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('ledger_transactions')
    .values({ kind: kind as never, reference, created_at: at })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export type AccountSpec = { key: string; kind: string; user_id: number | null };
export type LockedAccount = { id: number; balance: number };

/**
 * The ledger's one lock (decision 0004): locks the accounts with these keys through the SQL function
 * ledger_lock_accounts (db/functions/ledger_lock_accounts.sql: FOR NO KEY UPDATE, players' accounts first, then the
 * house-wide ones, each by key in byte order), the same function the bet batch (place_bet_slips) calls. Accounts
 * that do not exist yet are created first, then locked with the others. Returns id and balance by key. Every writer
 * calls this before it changes a balance or inserts postings that reference the accounts.
 */
export async function lockAccounts(trx: Db, accounts: readonly AccountSpec[]): Promise<Map<string, LockedAccount>> {
  if (accounts.length === 0) return new Map();
  const keys = accounts.map((a) => a.key);
  let locked = await lockAccountsByKey(trx, keys);
  if (locked.size < keys.length) {
    // Only the missing ones: an insert that meets an existing key waits for whoever is updating that row, which
    // would be a wait outside the lock order.
    await insertAccounts(
      trx,
      accounts.filter((a) => !locked.has(a.key)),
    );
    locked = await lockAccountsByKey(trx, keys);
  }
  return locked;
}

async function lockAccountsByKey(trx: Db, keys: readonly string[]): Promise<Map<string, LockedAccount>> {
  const { rows } = await sql<{ r_id: number; r_key: string; r_balance: number }>`
    select r_id, r_key, r_balance from ledger_lock_accounts(${[...keys]}::text[])`.execute(trx);
  return new Map(rows.map((r) => [r.r_key, { id: r.r_id, balance: Number(r.r_balance) }]));
}

async function insertAccounts(trx: Db, accounts: readonly AccountSpec[]): Promise<void> {
  // Three array parameters, however many accounts (a batch may bring many): in key order, like the lock.
  await sql`
    insert into ledger_accounts (key, kind, user_id)
    select key, kind, user_id
    from unnest(${accounts.map((a) => a.key)}::text[], ${accounts.map((a) => a.kind)}::text[],
                ${accounts.map((a) => a.user_id)}::int[]) as a(key, kind, user_id)
    order by user_id is null, key collate "C"
    on conflict (key) do nothing`.execute(trx);
}

export async function insertPostings(
  trx: Db,
  postings: { transaction_id: number; account_id: number; amount: number }[],
): Promise<void> {
  await trx.insertInto('ledger_postings').values(postings).execute();
}

/** The CHECK that keeps a player account (cash, demo, pending withdrawals) at zero or above (migration 0003). */
const PLAYER_BALANCE_CHECK = 'ledger_accounts_player_balance_nonnegative';

/**
 * The ledger's one writer of balances (decision 0004): adds each delta to its account through the SQL function
 * ledger_apply_deltas (db/functions/ledger_apply_deltas.sql), which the bet batch calls too. The accounts must be
 * locked (lockAccounts). Returns the new balance by account id, or undefined when the guard refused: a player
 * account would have gone below zero (the CHECK above failed the statement). The database transaction is then
 * aborted and the caller must roll it back.
 */
export async function applyDeltas(
  trx: Db,
  deltas: readonly { id: number; delta: number }[],
): Promise<Map<number, number> | undefined> {
  if (deltas.length === 0) return new Map();
  const rows = await guarded(
    sql<{ r_id: number; r_balance: number }>`
      select r_id, r_balance from ledger_apply_deltas(${deltas.map((d) => d.id)}::int[],
                                                       ${deltas.map((d) => d.delta)}::bigint[])`,
    trx,
  );
  return rows && new Map(rows.map((r) => [r.r_id, Number(r.r_balance)]));
}

/** Runs a call of ledger_apply_deltas; undefined when its guard refused (applyDeltas). */
async function guarded<R>(query: RawBuilder<R>, trx: Db): Promise<R[] | undefined> {
  try {
    return (await query.execute(trx)).rows;
  } catch (err) {
    if (isPlayerBalanceCheck(err)) return undefined;
    throw err;
  }
}

function isPlayerBalanceCheck(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, constraint } = err as { code?: unknown; constraint?: unknown };
  return code === '23514' && constraint === PLAYER_BALANCE_CHECK;
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

/**
 * Transactions whose postings do not sum to zero, or that have no postings at all, and postings that name a
 * transaction that does not exist (migration 0044 checks that at each insert; this tells if it ever failed).
 */
export async function unbalancedTransactions(db: Db): Promise<{ transaction_id: number; sum: number }[]> {
  const { rows } = await sql<{ transaction_id: number; sum: number }>`
    select coalesce(t.id, p.transaction_id) as transaction_id, coalesce(p.sum, 0)::bigint as sum
    from ledger_transactions t
    full join (select transaction_id, sum(amount) as sum from ledger_postings group by transaction_id) p
      on p.transaction_id = t.id
    where t.id is null or p.transaction_id is null or p.sum <> 0
    order by 1
    limit 1000`.execute(db);
  return rows;
}

/**
 * Accounts whose cached balance differs from the sum of their postings, and postings that name an account that does
 * not exist (reported as `account:<id>`, cached 0).
 */
export async function balanceMismatches(db: Db): Promise<{ account: string; cached: number; recomputed: number }[]> {
  const { rows } = await sql<{ account: string; cached: number; recomputed: number }>`
    select coalesce(a.key, 'account:' || s.account_id) as account, coalesce(a.balance, 0) as cached,
           coalesce(s.sum, 0)::bigint as recomputed
    from ledger_accounts a
    full join (select account_id, sum(amount) as sum from ledger_postings group by account_id) s
      on s.account_id = a.id
    where a.id is null or a.balance <> coalesce(s.sum, 0)
    order by 1
    limit 1000`.execute(db);
  return rows;
}

/**
 * A batch of transactions and their postings in ONE statement: the transaction rows (a (kind, reference) already
 * posted is skipped, with its postings) and their postings (`ord` = 1-based index of the transaction in
 * `transactions`). Returns how many transactions were inserted: fewer than given means ALREADY_DECIDED, and the
 * caller must roll back. The accounts must be locked (lockAccounts); balances move with applyDeltas.
 */
export async function insertTransactionsWithPostings(
  trx: Db,
  transactions: { kind: string; reference: string }[],
  postings: { ord: number; account_id: number; amount: number }[],
  at: Date,
): Promise<number> {
  const { rows } = await sql<{ transactions: number; postings: number }>`
    with input as (
      select kind, reference, ord
      from unnest(${transactions.map((r) => r.kind)}::text[], ${transactions.map((r) => r.reference)}::text[])
        with ordinality as t(kind, reference, ord)
    ), ins as (
      insert into ledger_transactions (kind, reference, created_at)
      select kind, reference, ${at}::timestamptz from input order by ord
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
    )
    select (select count(*) from tx)::int as transactions, (select count(*) from post)::int as postings`.execute(trx);
  return Number(rows[0]?.transactions ?? 0);
}

// The set-based batch of ledger.batch.ts (postWalletBatch): its rows live in two temporary tables, dropped at
// commit, so a batch of 10⁵ payouts never comes into JavaScript.

/**
 * Copies the batch's rows — `source`, a query of (reference, user_id, wallet, amount) — into fd_ledger_batch and
 * counts them, and those that break the batch's rules: 0 < amount ≤ 2⁵³ − 1, a user, a reference, a wallet of
 * `wallets`.
 */
export async function createWalletBatch(
  trx: Db,
  source: RawBuilder<unknown>,
  wallets: readonly string[],
): Promise<{ n: number; bad: number }> {
  await sql`drop table if exists pg_temp.fd_ledger_batch, pg_temp.fd_ledger_lines`.execute(trx);
  // The sequence by name, resolved once when the statement is parsed (pg_get_serial_sequence would look it up again
  // for every row): ledger_transactions.id's, as bigserial names it (migration 0003).
  await sql`
    create temp table fd_ledger_batch on commit drop as
    select r.ord, r.reference, r.user_id, r.wallet, r.amount,
           nextval('ledger_transactions_id_seq') as transaction_id
    from (select row_number() over () as ord, s.reference::text as reference, s.user_id::integer as user_id,
                 s.wallet::text as wallet, s.amount::bigint as amount
          from (${source}) as s) as r`.execute(trx);
  // Statistics for the joins that follow (a fresh temporary table has none).
  await sql`analyze fd_ledger_batch`.execute(trx);
  return one<{ n: number; bad: number }>(
    trx,
    sql`
      select count(*)::int as n,
             count(*) filter (where amount is null or amount <= 0 or amount > ${Number.MAX_SAFE_INTEGER}
                                 or user_id is null or user_id <= 0
                                 or reference is null or wallet is null or wallet <> all(${[...wallets]}::text[]))::int as bad
      from fd_ledger_batch`,
  );
}

/**
 * Inserts one transaction of `kind` per batch row, posted `at`, under the id the batch drew for it
 * (createWalletBatch); returns how many, or undefined when a (kind, reference) of the batch was already posted (the
 * UNIQUE refused the insert: the caller's transaction is then aborted and must roll back).
 */
export async function insertWalletBatchTransactions(trx: Db, kind: string, at: Date): Promise<number | undefined> {
  try {
    const row = await one<{ n: number }>(
      trx,
      sql`
        with ins as (
          insert into ledger_transactions (id, kind, reference, created_at)
          select transaction_id, ${kind}, reference, ${at}::timestamptz from fd_ledger_batch order by ord
          returning 1
        )
        select count(*)::int as n from ins`,
    );
    return row.n;
  } catch (err) {
    if (isUniqueViolation(err, 'ledger_transactions_kind_reference_key')) return undefined;
    throw err;
  }
}

/** One entry per posting of each wallet's template, as parallel arrays (ledger.batch.ts walletTemplate). */
export type WalletTemplateLines = {
  wallet: string[];
  accountKind: string[];
  perUser: boolean[];
  factor: number[];
  pos: number[];
};

/**
 * The postings to make (fd_ledger_lines): each batch row times its wallet's template lines. Returns the accounts
 * they touch, to be created if missing and locked (lockAccounts) before the balances and postings name them by key.
 */
export async function createWalletBatchLines(trx: Db, t: WalletTemplateLines): Promise<AccountSpec[]> {
  await sql`
    create temp table fd_ledger_lines on commit drop as
    select b.transaction_id, t.pos, t.account_kind,
           case when t.per_user then b.user_id end as user_id,
           case when t.per_user then t.account_kind || ':' || b.user_id else t.account_kind end as key,
           t.factor * b.amount as amount
    from fd_ledger_batch b
    join unnest(${t.wallet}::text[], ${t.accountKind}::text[], ${t.perUser}::boolean[], ${t.factor}::bigint[],
                ${t.pos}::integer[]) as t(wallet, account_kind, per_user, factor, pos)
      on t.wallet = b.wallet`.execute(trx);
  await sql`analyze fd_ledger_lines`.execute(trx);
  const { rows } = await sql<AccountSpec>`
    select distinct key, account_kind as kind, user_id from fd_ledger_lines`.execute(trx);
  return rows;
}

/**
 * The batch's balance moves, one delta per account, through ledger_apply_deltas (as applyDeltas; the accounts must
 * be locked). Returns how many accounts moved, or undefined when the guard refused.
 */
export async function applyWalletBatchDeltas(trx: Db): Promise<number | undefined> {
  const rows = await guarded(
    sql<{ n: number }>`
      with d as (
        select a.id as account_id, l.delta
        from (select key, sum(amount)::bigint as delta from fd_ledger_lines group by key having sum(amount) <> 0) l
        join ledger_accounts a on a.key = l.key
      )
      select count(*)::int as n
      from ledger_apply_deltas((select array_agg(account_id) from d), (select array_agg(delta) from d))`,
    trx,
  );
  return rows && Number(rows[0]?.n ?? 0);
}

/** Inserts the batch's postings and drops its temporary tables. */
export async function insertWalletBatchPostings(trx: Db): Promise<void> {
  await sql`
    insert into ledger_postings (transaction_id, account_id, amount)
    select l.transaction_id, a.id, l.amount
    from fd_ledger_lines l join ledger_accounts a on a.key = l.key
    order by l.transaction_id, l.pos`.execute(trx);
  await sql`drop table fd_ledger_batch, fd_ledger_lines`.execute(trx);
}

async function one<T>(trx: Db, query: RawBuilder<unknown>): Promise<T> {
  const { rows } = await query.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new Error('ledger: no row');
  return row as T;
}
