import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The settlement no longer writes a slip that lost everything (status lost, payout 0): in a period of 10⁶ slips that
// is about nine slips in ten, and rewriting each of those rows was most of the settlement's time. Such a slip stays
// as placed ('unsettled', no payout, no settled_at), and once its period is settled it reads as lost through the view
// bet_results: status 'lost', payout 0, settled at its period's settled_at. A slip still 'unsettled' in a settled
// period can be nothing else: the settlement takes every unsettled slip of the period under the period's FOR UPDATE
// lock and writes every slip that won, pushed or pays anything, and nothing places a slip on a period that is not
// open. What reads a slip's status, payout or settled time reads bet_results, never bets; bet_item_results now
// reads its slips through bet_results, so the items of such a slip (every one of them lost: the slip pays nothing)
// read lost too. Slips written before this migration read the same through the view.
//
// The runtime role's SELECT on the new view comes from fd_grant_runtime (migrations 0017, 0043), run after every
// migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create view bet_results as
    select b.id, b.user_id, b.game_id, b.period_id, b.issue, b.wallet, b.total,
           case when b.status = 'unsettled' and p.status = 'settled' then 'lost' else b.status end as status,
           case when b.status = 'unsettled' and p.status = 'settled' then 0::bigint else b.payout end as payout,
           b.created_at,
           case when b.status = 'unsettled' and p.status = 'settled' then p.settled_at else b.settled_at end
             as settled_at
    from bets b join periods p on p.id = b.period_id`.execute(db);
  await itemResults(db, 'bet_results');
}

export async function down(db: Kysely<any>): Promise<void> {
  // Without the view, a lost slip must be written as it was before.
  await sql`
    update bets b set status = 'lost', payout = 0, settled_at = p.settled_at
    from periods p where p.id = b.period_id and p.status = 'settled' and b.status = 'unsettled'`.execute(db);
  await itemResults(db, 'bets');
  await sql`drop view bet_results`.execute(db);
}

/** bet_item_results (migration 0043) over `slips`: an item left as placed has its slip's status and payout. */
async function itemResults(db: Kysely<any>, slips: 'bets' | 'bet_results'): Promise<void> {
  await sql`
    create or replace view bet_item_results as
    select bi.id, bi.bet_id, bi.play_item_id, bi.code, bi.group_code, bi.numbers, bi.odds_bps, bi.amount,
           case when bi.status = 'unsettled' then b.status else bi.status end as status,
           coalesce(bi.payout, b.payout) as payout
    from bet_items bi join ${sql.table(slips)} b on b.id = bi.bet_id`.execute(db);
}
