import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The settlement's SQL (settlement.service.ts tells the steps and owns the transaction). Set-based by period: no
 * statement carries one bind parameter per slip, and no slip comes into JavaScript.
 */

/** The ids of the periods waiting for settlement (status 'drawn'), oldest draw first. */
export async function drawnPeriodIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('periods')
    .select('id')
    .where('status', '=', 'drawn')
    .orderBy('draw_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The period locked FOR UPDATE until the transaction ends: a second settler waits here. */
export function lockPeriodForSettlement(trx: Db, periodId: number) {
  return trx
    .selectFrom('periods')
    .select(['id', 'game_id', 'issue', 'status', 'result'])
    .where('id', '=', periodId)
    .forUpdate()
    .executeTakeFirst();
}

export async function gameFamily(trx: Db, gameId: number): Promise<string> {
  const game = await trx.selectFrom('games').select(['family']).where('id', '=', gameId).executeTakeFirstOrThrow();
  return game.family;
}

/**
 * An item's payout in SQL from its status: the domain's settleBetItem — a win pays floor(amount × odds / 10000)
 * (integer division of positive bigints), a push returns the amount, a loss pays 0.
 */
function itemPayoutSql(status: RawBuilder<unknown>, amount: RawBuilder<unknown>, odds: RawBuilder<unknown>) {
  return sql`(case ${status} when 'won' then ${amount} * ${odds} / 10000 when 'push' then ${amount} else 0 end)`;
}

/** Makes the transaction's temporary table of paying slips (fd_settle_payouts), dropped at commit. */
export async function createPayoutTable(trx: Db): Promise<void> {
  // Room for the hash of a large period's slips in one batch (this transaction only): a hash join split in
  // batches visits the items page by page several times over.
  await sql`set local work_mem = '128MB'`.execute(trx);
  // No JIT compilation in this transaction: the period's statements are large enough to trigger it, and compiling
  // them (about a second for a period of 10⁶ slips) costs more than it saves on plans that are scans, joins and
  // updates of plain rows.
  await sql`set local jit = off`.execute(trx);
  await sql`drop table if exists pg_temp.fd_settle_payouts`.execute(trx);
  await sql`
    create temp table fd_settle_payouts (id integer, user_id integer, wallet text, amount bigint)
    on commit drop`.execute(trx);
}

/**
 * ONE statement: settles the period's unsettled slips (status, payout = the sum of their items', settled_at) and
 * the items of the slips that have several (status from `verdicts`, a JSON map play code → won / lost / push;
 * payout by itemPayoutSql), records the winning cash slips (bet_cash_wins) and lists the paying slips in
 * fd_settle_payouts. A slip of one item — nearly every slip — leaves its item as placed: its status and payout are
 * the slip's, and what reads the items reads them through bet_item_results (migration 0043), which says so. An
 * item whose code has no verdict fails it with a NOT NULL violation (on bets, or on bet_items for a slip of several
 * items). Returns the number of slips settled and the number of unsettled slips the period had (the caller refuses
 * to go on when they differ: a slip without items).
 *
 * Each table is read once and each row written at most once, in the order of its pages:
 *   - the items are joined to the period's slips by a hash of the slips (read once) — joined to the slips table,
 *     not to a CTE, and with no filter of their own (a slip's items are settled or voided with it): whatever the
 *     planner's estimates for a period just filled, it cannot make the items the outer side of a loop that rescans
 *     the slips (or a CTE) once per item — the plan stays linear; each brings its slip's row address (ctid) and
 *     its verdict, read once (the join is not kept as a CTE of its own, which would write and read it again);
 *   - the slips are folded from their items sorted by the slip's address (a slip's items are adjacent) and each
 *     slip row is updated by its address: pages in order, no index visited, no slip read twice; only the slips
 *     counted with more than one item have their items found again (by slip address, then bet_items_bet_idx) and
 *     updated. Every part of the statement sees the same snapshot, and the period row is locked FOR UPDATE, so no
 *     row moves meanwhile (a cancel and a void lock the period first).
 * Both updates are HOT (migration 0010; no index names a column they change, see 0042).
 */
export async function settleSlips(
  trx: Db,
  periodId: number,
  verdicts: string,
  now: Date,
): Promise<{ slips: number; unsettled: number }> {
  const { rows } = await sql<{ slips: number; unsettled: number }>`
    with v as (select ${verdicts}::jsonb as m),
    items as (
      select s.ctid as slip, v.m ->> bi.code as status,
             ${itemPayoutSql(sql`(v.m ->> bi.code)`, sql.ref('bi.amount'), sql.ref('bi.odds_bps'))} as payout
      from bet_items bi, bets s, v
      where s.period_id = ${periodId} and s.status = 'unsettled' and bi.bet_id = s.id
    ),
    slips as (
      select i.slip, count(*) as n,
             case when count(i.status) < count(*) then null
                  when bool_or(i.status = 'won') then 'won'
                  when bool_and(i.status = 'push') then 'push'
                  else 'lost' end as status,
             sum(i.payout) as payout
      from (select slip, status, payout from items order by slip) as i
      group by i.slip
    ),
    several as (
      update bet_items bi
      set status = v.m ->> bi.code,
          payout = ${itemPayoutSql(sql`(v.m ->> bi.code)`, sql.ref('bi.amount'), sql.ref('bi.odds_bps'))}
      from slips x, bets s, v
      where x.n > 1 and s.ctid = x.slip and bi.bet_id = s.id
    ),
    upd as (
      update bets b set status = x.status, payout = x.payout, settled_at = ${now}::timestamptz
      from slips x
      where b.ctid = x.slip
      returning b.id, b.user_id, b.wallet, b.status, b.payout
    ),
    wins as (
      insert into bet_cash_wins (bet_id, settled_at)
      select id, ${now}::timestamptz from upd where status = 'won' and wallet = 'cash'
    ),
    paying as (
      insert into fd_settle_payouts (id, user_id, wallet, amount)
      select id, user_id, wallet, payout from upd where payout > 0
    )
    select (select count(*) from upd)::int as slips,
           (select count(*) from bets where period_id = ${periodId} and status = 'unsettled')::int as unsettled
    `.execute(trx);
  const row = rows[0];
  return { slips: row?.slips ?? 0, unsettled: row?.unsettled ?? 0 };
}

/** The paying slips as ledger.batch.ts postWalletBatch reads them: one payout 'bet:<slipId>' of the slip's payout. */
export function payoutsToPost(): RawBuilder<unknown> {
  return sql`select 'bet:' || id as reference, user_id, wallet, amount from fd_settle_payouts order by id`;
}

/** The paying cash slips of fd_settle_payouts whose payout is at least `min` (the big-win messages). */
export async function cashPayoutsFrom(
  trx: Db,
  min: number,
): Promise<{ slipId: number; userId: number; amount: number }[]> {
  const { rows } = await sql<{ slipId: number; userId: number; amount: number }>`
    select id as "slipId", user_id as "userId", amount from fd_settle_payouts
    where wallet = 'cash' and amount >= ${min} order by id`.execute(trx);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export async function dropPayoutTable(trx: Db): Promise<void> {
  await sql`drop table fd_settle_payouts`.execute(trx);
}

/** drawn → settled; false when the period was no longer 'drawn'. */
export async function markSettled(trx: Db, periodId: number, now: Date): Promise<boolean> {
  const moved = await trx
    .updateTable('periods')
    .set({ status: 'settled', settled_at: now })
    .where('id', '=', periodId)
    .where('status', '=', 'drawn')
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** The first unsettled item of the period whose code has no verdict in `verdicts` (a play that does not exist). */
export function firstItemWithoutVerdict(db: Db, periodId: number, verdicts: string) {
  return sql<{ id: number; code: string }>`
    select bi.id, bi.code from bet_items bi join bets b on b.id = bi.bet_id
    where b.period_id = ${periodId} and b.status = 'unsettled'
      and (${verdicts}::jsonb ->> bi.code) is null
    order by bi.id limit 1`
    .execute(db)
    .then((r) => r.rows[0]);
}
