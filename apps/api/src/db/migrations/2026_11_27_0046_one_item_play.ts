import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// A slip of one item (nearly every slip) carries its item's play code and odds (bets.code, bets.odds_bps; null for
// a slip of several items and for slips placed before this migration), written by place_bet_slips with the slip.
// The settlement reads a one-item slip's verdict and payout from the slip row itself: a period of 10⁶ slips is then
// one pass over its slips, with no join to bet_items and no sort and fold of items into slips, which took most of
// what was left of its time once lost slips were no longer written (migration 0045). The item row is still
// written at placement and read by everything else (bet_item_results); the two never differ: the slip's columns are
// copied from the same arrays as its item in the same statement, and neither is ever updated.
// Neither column changes, so the settlement's update of a slip stays HOT (migration 0010) with the partial index
// below, which finds a period's slips of several items (the other path of the settlement) without a pass over all of
// its slips.
//
// The slips' and items' pages keep less room free (fillfactor 45 → 80, migration 0010): a page kept room for every
// row to be rewritten once, and now only the slips that pay are (about one in seven; an item only when its slip of
// several pays). Half-empty pages had made every pass over a period's slips read twice the pages. Pages written
// from now on.
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: 'c48f67aba4b44a9aeee270b4d77cf6d6f3348286713dd0585b8ae16c0bc8823b',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bets add column code text, add column odds_bps integer check (odds_bps > 0)`.execute(db);
  await sql`alter table bets add constraint bets_one_item_play check ((code is null) = (odds_bps is null))`.execute(db);
  await sql`create index bets_period_several_idx on bets (period_id) where code is null`.execute(db);
  await sql`alter table bets set (fillfactor = 80)`.execute(db);
  await sql`alter table bet_items set (fillfactor = 80)`.execute(db);
  await createSqlFunctions(db, sqlFunctions);
}

// The columns go. place_bet_slips is not re-created: every migration creates it from its file as it is now
// (db/README.md), so below this migration the bet batch needs it migrated up again.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bets set (fillfactor = 45)`.execute(db);
  await sql`alter table bet_items set (fillfactor = 45)`.execute(db);
  await sql`drop index bets_period_several_idx`.execute(db);
  await sql`alter table bets drop constraint bets_one_item_play, drop column code, drop column odds_bps`.execute(db);
}
