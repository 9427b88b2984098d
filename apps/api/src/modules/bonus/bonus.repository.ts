import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RebateLineJson } from '../../db/tables-bonus.ts';

// Plain functions over the bonus tables (migration 0027); the service owns the transactions.

export type RateRow = { family: string; rate_bps: number; multiple: number };

export async function rates(db: Db): Promise<RateRow[]> {
  return db.selectFrom('bonus_rebate_rates').select(['family', 'rate_bps', 'multiple']).orderBy('family').execute();
}

/** The rates, locked for an operator's change (one change at a time, each audited with what it replaced). */
export async function lockRates(trx: Db): Promise<RateRow[]> {
  return trx
    .selectFrom('bonus_rebate_rates')
    .select(['family', 'rate_bps', 'multiple'])
    .orderBy('family')
    .forUpdate()
    .execute();
}

export async function saveRate(trx: Db, rate: RateRow): Promise<void> {
  await trx
    .insertInto('bonus_rebate_rates')
    .values(rate)
    .onConflict((oc) => oc.column('family').doUpdateSet({ rate_bps: rate.rate_bps, multiple: rate.multiple }))
    .execute();
}

export async function isDayComputed(db: Db, day: string): Promise<boolean> {
  const row = await db.selectFrom('bonus_rebate_days').select('day').where('day', '=', day).executeTakeFirst();
  return row !== undefined;
}

/** The first day ever computed (null before any), and the computed days from `since` on. */
export async function computedDaysSince(db: Db, since: string): Promise<{ first: string | null; computed: string[] }> {
  const [first, rows] = await Promise.all([
    db
      .selectFrom('bonus_rebate_days')
      .select((eb) => eb.fn.min('day').as('day'))
      .executeTakeFirst(),
    db.selectFrom('bonus_rebate_days').select('day').where('day', '>=', since).execute(),
  ]);
  return { first: first?.day ?? null, computed: rows.map((r) => r.day) };
}

/**
 * Claims the day for this computation: true when this transaction inserted its row. A racing instance's insert
 * waits for the first to commit, then inserts nothing (and computes nothing).
 */
export async function claimDay(trx: Db, day: string, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto('bonus_rebate_days')
    .values({ day, computed_at: now, players: 0, total: 0 })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .executeTakeFirst();
  return row !== undefined;
}

export async function finishDay(trx: Db, day: string, players: number, total: number): Promise<void> {
  await trx.updateTable('bonus_rebate_days').set({ players, total }).where('day', '=', day).execute();
}

/**
 * Valid turnover of the periods settled in [from, to), per player and game family: the amounts of the items of cash
 * slips settled won or lost (demo slips, pushes and voids excluded; the results as bet_item_results reads them).
 */
export async function turnoverSettledBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ user_id: number; family: string; turnover: number }[]> {
  const { rows } = await sql<{ user_id: number; family: string; turnover: number }>`
    select b.user_id, g.family, sum(bi.amount)::bigint as turnover
    from periods p
    join games g on g.id = p.game_id
    join bets b on b.period_id = p.id
    join bet_item_results bi on bi.bet_id = b.id
    where p.settled_at >= ${from} and p.settled_at < ${to} and p.status = 'settled'
      and b.wallet = 'cash' and bi.status in ('won', 'lost')
    group by b.user_id, g.family
    order by b.user_id, g.family`.execute(db);
  return rows;
}

export type NewRebate = {
  user_id: number;
  day: string;
  turnover: number;
  amount: number;
  requirement: number;
  lines: RebateLineJson[];
};

/** Inserts the day's rebates; a (user, day) already there is skipped. Returns how many were inserted. */
export async function insertRebates(trx: Db, rebates: readonly NewRebate[], now: Date): Promise<number> {
  if (rebates.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with ins as (
      insert into bonus_rebates (user_id, day, turnover, amount, requirement, lines, created_at)
      select user_id, day, turnover, amount, requirement, lines, ${now}::timestamptz
      from unnest(${rebates.map((r) => r.user_id)}::int[], ${rebates.map((r) => r.day)}::text[],
                  ${rebates.map((r) => r.turnover)}::bigint[], ${rebates.map((r) => r.amount)}::bigint[],
                  ${rebates.map((r) => r.requirement)}::bigint[], ${rebates.map((r) => JSON.stringify(r.lines))}::jsonb[])
        as r(user_id, day, turnover, amount, requirement, lines)
      order by user_id
      on conflict (user_id, day) do nothing
      returning 1
    )
    select count(*)::int as n from ins`.execute(trx);
  return rows[0]?.n ?? 0;
}

export type RebateRow = {
  id: number;
  day: string;
  turnover: number;
  amount: number;
  requirement: number;
  claimed_at: Date | null;
};

export async function unclaimedRebates(db: Db, userId: number): Promise<RebateRow[]> {
  return db
    .selectFrom('bonus_rebates')
    .select(['id', 'day', 'turnover', 'amount', 'requirement', 'claimed_at'])
    .where('user_id', '=', userId)
    .where('claimed_at', 'is', null)
    .orderBy('day')
    .execute();
}

/**
 * Marks the player's unclaimed rebates claimed at `now` and returns them. Two parallel claims: the second waits on
 * the rows the first updates, then finds them claimed and returns none.
 */
export async function markClaimed(trx: Db, userId: number, now: Date): Promise<RebateRow[]> {
  const rows = await trx
    .updateTable('bonus_rebates')
    .set({ claimed_at: now })
    .where('user_id', '=', userId)
    .where('claimed_at', 'is', null)
    .returning(['id', 'day', 'turnover', 'amount', 'requirement', 'claimed_at'])
    .execute();
  return rows.sort((a, b) => a.day.localeCompare(b.day));
}

/** The player's rebates, newest day first, one more than the page (lib/paging.ts). */
export async function rebatePage(db: Db, userId: number, page: number, limit: number): Promise<RebateRow[]> {
  return db
    .selectFrom('bonus_rebates')
    .select(['id', 'day', 'turnover', 'amount', 'requirement', 'claimed_at'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

/**
 * The player's claimed rebates in claim order, each with the valid turnover placed after it and before the next
 * claim (items of cash slips placed in that window and settled won or lost): what domain bonusLock walks.
 */
export async function claimedWithStakesAfter(
  db: Db,
  userId: number,
): Promise<{ amount: number; requirement: number; staked_after: number }[]> {
  const { rows } = await sql<{ amount: number; requirement: number; staked_after: number }>`
    with c as (
      select id, amount, requirement, claimed_at,
             lead(claimed_at) over (order by claimed_at, id) as next_at
      from bonus_rebates
      where user_id = ${userId} and claimed_at is not null
    )
    select c.amount, c.requirement,
           coalesce((select sum(bi.amount)
                     from bets b join bet_item_results bi on bi.bet_id = b.id
                     where b.user_id = ${userId} and b.wallet = 'cash'
                       and b.created_at >= c.claimed_at and (c.next_at is null or b.created_at < c.next_at)
                       and bi.status in ('won', 'lost')), 0)::bigint as staked_after
    from c
    order by c.claimed_at, c.id`.execute(db);
  return rows;
}
