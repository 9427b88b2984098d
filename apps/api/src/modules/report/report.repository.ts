import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db, LocalizedText } from '../../db/database.ts';
import type { ReportDailyTable } from '../../db/tables-report.ts';

/**
 * The daily summary (migration 0029): one row per business day, player and game (0: no game) of what the ledger
 * moved on that player's real-money accounts. Rebuilt set-based from the ledger, read by the profit report and the
 * dashboard.
 */

/**
 * The transaction kinds the summary counts; everything else (a withdrawal held or refunded) nets to zero. A slip's
 * cancel ('cancel') takes its stake and the slip off the stakes: a cancelled slip is no turnover.
 */
const KINDS = ['stake', 'cancel', 'payout', 'refund', 'rebate', 'deposit', 'withdrawal_paid'] as const;

/** One row of the summary, its day as 'YYYY-MM-DD'. */
export type SummaryRow = Selectable<ReportDailyTable>;

/** Serialises rebuilds across instances: taken inside the rebuild's own transaction, released at its end. */
export async function lockRebuilds(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('fairdraw.report_rebuild'))`.execute(trx);
  // The rebuild's index lookups look expensive to the planner, which would compile them (JIT) on every run for
  // longer than they take; for this transaction only.
  await sql`set local jit = off`.execute(trx);
}

/**
 * Rebuilds one business day [from, to) from the ledger: deletes the day's rows and inserts them again from the
 * postings on players' accounts (play money excluded) of the counted kinds, per player and per game (a slip's game,
 * from the transaction's reference 'bet:<id>', 'bet-refund:<id>' or 'bet-cancel:<id>'). A cancel counts against
 * the stakes and the slips of the day it is made (the stake's own day, unless the period spans midnight). Returns how
 * many rows it wrote.
 */
export async function rebuildDay(trx: Db, day: string, from: Date, to: Date): Promise<number> {
  await trx.deleteFrom('report_daily').where('day', '=', day).execute();
  // The day's transactions first (by the created_at index), then each one's postings and slip by their indexes:
  // the cost follows the day's movements, not the size of the ledger (OFFSET 0 keeps the planner from turning the
  // lookups into scans of every posting and every slip).
  const result = await sql`
    with t as materialized (
      select id, kind,
             case when kind in ('stake', 'cancel', 'payout', 'refund') then split_part(reference, ':', 2)::bigint end as bet_id
        from ledger_transactions
       where created_at >= ${from} and created_at < ${to}
         and kind in (${sql.join(KINDS.map((k) => sql.lit(k)))})
    )
    insert into report_daily (day, user_id, game_id, stakes, payouts, rebates, deposits, withdrawals, slips)
    select ${day}::date, a.user_id, coalesce(b.game_id, 0),
           coalesce(-sum(p.amount) filter (where t.kind in ('stake', 'cancel')), 0),
           coalesce(sum(p.amount) filter (where t.kind in ('payout', 'refund')), 0),
           coalesce(sum(p.amount) filter (where t.kind = 'rebate'), 0),
           coalesce(sum(p.amount) filter (where t.kind = 'deposit'), 0),
           coalesce(-sum(p.amount) filter (where t.kind = 'withdrawal_paid'), 0),
           (count(*) filter (where t.kind = 'stake') - count(*) filter (where t.kind = 'cancel'))::int
      from t
      cross join lateral (
        select account_id, amount from ledger_postings where transaction_id = t.id offset 0) p
      join ledger_accounts a on a.id = p.account_id
      left join lateral (select game_id from bets where bets.id = t.bet_id offset 0) b on true
     where a.user_id is not null and a.kind <> 'player_demo'
     group by a.user_id, coalesce(b.game_id, 0)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function markDay(trx: Db, day: string, refreshedAt: Date, final: boolean): Promise<void> {
  await trx
    .insertInto('report_days')
    .values({ day, refreshed_at: refreshedAt, final })
    .onConflict((oc) => oc.column('day').doUpdateSet({ refreshed_at: refreshedAt, final }))
    .execute();
}

/** The first instant the ledger holds anything, or undefined on an empty ledger. */
export async function firstLedgerAt(db: Db): Promise<Date | undefined> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .executeTakeFirst();
  const first = row?.first as Date | string | null | undefined;
  return first === null || first === undefined ? undefined : new Date(first);
}

/** Days from `from` to `to` (both included) already rebuilt for good. */
export async function finalDays(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('report_days')
    .select(sql<string>`day::text`.as('day'))
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('final', '=', true)
    .execute();
  return new Set(rows.map((r) => r.day));
}

export type DayState = { day: string; refreshed_at: Date; final: boolean };

export async function dayStates(db: Db, from: string, to: string): Promise<DayState[]> {
  return db
    .selectFrom('report_days')
    .select([sql<string>`day::text`.as('day'), 'refreshed_at', 'final'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/** One player's summary rows from `from` to `to` (both included). */
export async function playerRows(db: Db, userId: number, from: string, to: string): Promise<SummaryRow[]> {
  return db
    .selectFrom('report_daily')
    .select([
      sql<string>`day::text`.as('day'),
      'user_id',
      'game_id',
      'stakes',
      'payouts',
      'rebates',
      'deposits',
      'withdrawals',
      'slips',
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

export type CellRow = {
  day: string;
  game_id: number;
  players: number;
  slips: number;
  stakes: number;
  payouts: number;
  rebates: number;
  deposits: number;
  withdrawals: number;
};

/** Every player's rows summed per day and game; `players`: who staked on that day in that game. */
export async function dayGameCells(db: Db, from: string, to: string): Promise<CellRow[]> {
  const { rows } = await sql<CellRow>`
    select day::text as day, game_id,
           count(*) filter (where slips > 0)::int as players,
           sum(slips)::bigint as slips, sum(stakes)::bigint as stakes, sum(payouts)::bigint as payouts,
           sum(rebates)::bigint as rebates, sum(deposits)::bigint as deposits,
           sum(withdrawals)::bigint as withdrawals
      from report_daily
     where day >= ${from}::date and day <= ${to}::date
     group by day, game_id
     order by day, game_id`.execute(db);
  return rows;
}

/** Distinct players who staked, per day over all games (a player in two games counts once). */
export async function playersPerDay(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; players: number }>`
    select day::text as day, count(distinct user_id)::int as players
      from report_daily
     where day >= ${from}::date and day <= ${to}::date and slips > 0
     group by day`.execute(db);
  return new Map(rows.map((r) => [r.day, r.players]));
}

/** Distinct players who staked over the whole range, per game and over all games (key -1). */
export async function playersPerGame(db: Db, from: string, to: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ game_id: number; players: number }>`
    select coalesce(game_id, -1) as game_id, count(distinct user_id)::int as players
      from report_daily
     where day >= ${from}::date and day <= ${to}::date and slips > 0
     group by grouping sets ((game_id), ())`.execute(db);
  return new Map(rows.map((r) => [r.game_id, r.players]));
}

export type GameName = { id: number; code: string; name: LocalizedText };

export async function gameNames(db: Db): Promise<GameName[]> {
  return db.selectFrom('games').select(['id', 'code', 'name']).orderBy('id').execute();
}
