import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Reads of the player's own ledger postings for the account history and its CSV export. Only the accounts of the
// player's real money: cash ("balance") and what pending withdrawals hold ("frozen"). The ledger module writes these
// tables; this module only reads them.

const HISTORY_KINDS = sql`('player_cash', 'withdrawals_pending')`;

/** One posting on one of the player's accounts, with its transaction. */
export type MovementRow = {
  id: number;
  at: Date;
  tx_kind: string;
  reference: string;
  account_kind: 'player_cash' | 'withdrawals_pending';
  account_id: number;
  amount: number;
};

export async function accountOpenedAt(db: Db, userId: number): Promise<Date | undefined> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at;
}

/**
 * A page of the player's movements since `since`, newest first, each with its account's balance right after it:
 * the cached balance minus every later posting of the account. The set starts at the first posting at or after
 * `since` and runs to the newest, so every later posting is in it; balance and postings come from one statement
 * (one snapshot). `limit + 1` rows are asked for so the caller knows whether more follow.
 */
export async function historyPage(
  db: Db,
  userId: number,
  since: Date,
  offset: number,
  limit: number,
): Promise<(MovementRow & { balance_after: number })[]> {
  const { rows } = await sql<MovementRow & { balance_after: number }>`
    with acc as (
      select id, kind, balance from ledger_accounts where user_id = ${userId} and kind in ${HISTORY_KINDS}
    ), first as (
      select min(p.id) as id
      from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
      where p.account_id in (select id from acc) and t.created_at >= ${since}
    ), moves as (
      select p.id, t.created_at as at, t.kind as tx_kind, t.reference, acc.kind as account_kind,
             p.account_id, p.amount,
             acc.balance - coalesce(sum(p.amount) over (partition by p.account_id order by p.id desc
               rows between unbounded preceding and 1 preceding), 0) as balance_after
      from ledger_postings p
      join acc on acc.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where p.id >= (select id from first)
    )
    select id, at, tx_kind, reference, account_kind, account_id, amount, balance_after::bigint as balance_after
    from moves order by id desc limit ${limit + 1} offset ${offset}`.execute(db);
  return rows;
}

/**
 * The first and last posting id of the player's movements posted in [from, to), and each account's balance just
 * before the first (the sum of its earlier postings), or undefined when there is none.
 */
export async function exportBounds(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<{ first: number; last: number; opening: Map<number, number> } | undefined> {
  const { rows } = await sql<{ first: number | null; last: number | null }>`
    select min(p.id) as first, max(p.id) as last
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account_id in (select id from ledger_accounts where user_id = ${userId} and kind in ${HISTORY_KINDS})
      and t.created_at >= ${from} and t.created_at < ${to}`.execute(db);
  const first = rows[0]?.first;
  const last = rows[0]?.last;
  if (first == null || last == null) return undefined;
  const opening = await sql<{ account_id: number; sum: number }>`
    select a.id as account_id, coalesce(sum(p.amount), 0)::bigint as sum
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id and p.id < ${first}
    where a.user_id = ${userId} and a.kind in ${HISTORY_KINDS}
    group by a.id`.execute(db);
  return {
    first: Number(first),
    last: Number(last),
    opening: new Map(opening.rows.map((r) => [r.account_id, Number(r.sum)])),
  };
}

/** Up to `limit` of the player's movements with id in (afterId, lastId], oldest first (keyset paging). */
export async function exportPage(
  db: Db,
  userId: number,
  afterId: number,
  lastId: number,
  limit: number,
): Promise<MovementRow[]> {
  const { rows } = await sql<MovementRow>`
    select p.id, t.created_at as at, t.kind as tx_kind, t.reference, a.kind as account_kind, p.account_id, p.amount
    from ledger_accounts a
    join ledger_postings p on p.account_id = a.id
    join ledger_transactions t on t.id = p.transaction_id
    where a.user_id = ${userId} and a.kind in ${HISTORY_KINDS} and p.id > ${afterId} and p.id <= ${lastId}
    order by p.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The period issue of each of these slips of the player (slips of anyone else are not returned). */
export async function slipIssues(db: Db, userId: number, slipIds: readonly number[]): Promise<Map<number, string>> {
  if (slipIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bets')
    .select(['id', 'issue'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...slipIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.issue]));
}
