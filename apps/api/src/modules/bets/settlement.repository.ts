import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { WINNING_LIST_SIZE } from '@fairdraw/contract';
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

/** Whether the period has a slip left to settle. */
export async function hasUnsettledSlips(trx: Db, periodId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('bets')
    .select('id')
    .where('period_id', '=', periodId)
    .where('status', '=', 'unsettled')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
 * payout by itemPayoutSql), records the period's latest winning cash slips that came out ahead for Home's winning
 * list (bet_cash_wins: the WINNING_LIST_SIZE of the highest ids, all that list can show of the period — it shows the
 * latest wins, by settled time then id — instead of every win: a period of 10⁶ slips has some 150,000) and lists the
 * paying slips in fd_settle_payouts. Returns the number of slips settled.
 *
 * Two kinds of row are left as placed, so that a period of 10⁶ slips writes about a tenth of them:
 *   - a slip that lost everything (lost, payout 0: most slips) and its items: once the period is settled it reads
 *     as lost, 0, settled with its period, through bet_results (migration 0045);
 *   - the item of a one-item slip (nearly every slip): its status and payout are the slip's, through
 *     bet_item_results (migration 0043).
 * What reads a result reads it through those views. A slip whose result cannot be known (a play code with no
 * verdict, a slip without items: never placed so) is counted in `unknown` for a slip of one item, and fails the
 * statement with a NOT NULL violation (on bets, or on bet_items) for a slip of several: either way the caller rolls
 * the period back and keeps it drawn.
 *
 * Two paths, each table read once and each row written at most once:
 *   - a slip of one item carries its play code and odds (migration 0046): one pass over the period's unsettled
 *     slips joins each slip's code to the verdicts (a hash of the few codes) and keeps only counts and the row
 *     addresses of the slips that pay — no item read, nothing sorted, nothing kept per losing slip; those slips
 *     are then updated by address (TID scan), their payout from their own total and odds;
 *   - a slip of several items (and one placed before 0046) is folded from its items: the items are joined to the
 *     period's slips (the slips table, not a CTE, and no filter of their own: a slip's items are settled or voided
 *     with it), so the planner cannot make the items the outer side of a loop that rescans the slips once per item;
 *     each brings its slip's row address (ctid), and the slips are folded from their items sorted by that address.
 *     Its items are written only when the slip is, found again by slip address, then bet_items_bet_idx.
 * Each slip row written is found by its address: no index visited. Every part of the statement sees the same
 * snapshot, and the period row is locked FOR UPDATE, so no row moves meanwhile (a cancel and a void lock the
 * period first). Both updates are HOT (migration 0010; no index names a column they change, see 0042).
 */
export async function settleSlips(
  trx: Db,
  periodId: number,
  verdicts: string,
  now: Date,
): Promise<{ slips: number; unknown: number }> {
  const { rows } = await sql<{ slips: number; unknown: number }>`
    with v as (select ${verdicts}::jsonb as m),
    w as (select e.key as code, e.value as status from v, jsonb_each_text(v.m) as e),
    one as (
      select count(*)::int as n, count(*) filter (where w.status is null)::int as unknown,
             coalesce(array_agg(s.ctid) filter (where w.status in ('won', 'push')), '{}') as paying
      from bets s left join w on w.code = s.code
      where s.period_id = ${periodId} and s.status = 'unsettled' and s.code is not null
    ),
    items as (
      select s.ctid as slip, v.m ->> bi.code as status,
             ${itemPayoutSql(sql`(v.m ->> bi.code)`, sql.ref('bi.amount'), sql.ref('bi.odds_bps'))} as payout
      from bets s left join bet_items bi on bi.bet_id = s.id, v
      where s.period_id = ${periodId} and s.status = 'unsettled' and s.code is null
    ),
    folded as (
      select i.slip, count(*) as n,
             case when count(i.status) < count(*) then null
                  when bool_or(i.status = 'won') then 'won'
                  when bool_and(i.status = 'push') then 'push'
                  else 'lost' end as status,
             sum(i.payout) as payout
      from (select slip, status, payout from items order by slip) as i
      group by i.slip
    ),
    written as (
      select slip, n, status, payout from folded where status is distinct from 'lost' or payout > 0
    ),
    several as (
      update bet_items bi
      set status = v.m ->> bi.code,
          payout = ${itemPayoutSql(sql`(v.m ->> bi.code)`, sql.ref('bi.amount'), sql.ref('bi.odds_bps'))}
      from written x, bets s, v
      where x.n > 1 and s.ctid = x.slip and bi.bet_id = s.id
    ),
    upd_one as (
      update bets b
      set status = w.status,
          payout = ${itemPayoutSql(sql.ref('w.status'), sql.ref('b.total'), sql.ref('b.odds_bps'))},
          settled_at = ${now}::timestamptz
      from (select unnest(one.paying) as slip from one) as x, w
      where b.ctid = x.slip and w.code = b.code
      returning b.id, b.user_id, b.wallet, b.status, b.payout, b.total
    ),
    upd_folded as (
      update bets b set status = x.status, payout = x.payout, settled_at = ${now}::timestamptz
      from written x
      where b.ctid = x.slip
      returning b.id, b.user_id, b.wallet, b.status, b.payout, b.total
    ),
    upd as (select * from upd_one union all select * from upd_folded),
    wins as (
      insert into bet_cash_wins (bet_id, settled_at)
      select id, ${now}::timestamptz from upd where status = 'won' and wallet = 'cash' and payout > total
      order by id desc limit ${WINNING_LIST_SIZE}
    ),
    paying as (
      insert into fd_settle_payouts (id, user_id, wallet, amount)
      select id, user_id, wallet, payout from upd where payout > 0
    )
    select ((select n from one) + (select count(*) from folded))::int as slips, (select unknown from one) as unknown
    `.execute(trx);
  return { slips: rows[0]?.slips ?? 0, unknown: rows[0]?.unknown ?? 0 };
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

/**
 * What keeps the period from settling, for the operator: its first unsettled slip with a play code that has no
 * verdict in `verdicts` (the slip's own code for a slip of one item, else an item's), or without items.
 */
export function firstUnsettleable(db: Db, periodId: number, verdicts: string) {
  return sql<{ slip: number; item: number | null; code: string | null }>`
    select b.id as slip, bi.id as item, coalesce(b.code, bi.code) as code
    from bets b left join bet_items bi on bi.bet_id = b.id and b.code is null
    where b.period_id = ${periodId} and b.status = 'unsettled'
      and (${verdicts}::jsonb ->> coalesce(b.code, bi.code)) is null
    order by b.id, bi.id limit 1`
    .execute(db)
    .then((r) => r.rows[0]);
}
