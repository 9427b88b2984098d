import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Settlement rewrites every slip and item of a period once (unsettled → won / lost / push). Done as HOT updates
// (the new row version on the same page, no index touched) that costs a fraction of a regular update, which would
// add an entry to every index of the table for every row. Two conditions make it HOT:
//   - room on the page for the new version: the tables keep 55 % of each page free (fillfactor 45) — a row is
//     updated once in its life and its settled version is a little longer (payout, settled_at);
//   - no index on a column the settlement changes (status, payout, settled_at): the period index loses its status
//     column, and the home page's list of recent cash wins, which was a partial index on bets (settled_at where
//     status = 'won'), becomes the table bet_cash_wins, filled by the settlement in the same transaction.
// fillfactor applies to pages written from now on; rows already stored keep their pages.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bets set (fillfactor = 45)`.execute(db);
  await sql`alter table bet_items set (fillfactor = 45)`.execute(db);

  // Settlement and void: the slips of a period (the unsettled ones are most of them until it settles).
  await db.schema.createIndex('bets_period_idx').on('bets').column('period_id').execute();
  await db.schema.dropIndex('bets_period_status_idx').execute();

  // The home page's winning list: latest settled cash wins, newest first. A row is written once, by the transaction
  // that settles its slip, and never changes. No foreign key: its check would cost a lookup and a row lock per win
  // in the settlement, for a slip that transaction has just updated (and slips are never deleted).
  await db.schema
    .createTable('bet_cash_wins')
    .addColumn('bet_id', 'integer', (c) => c.primaryKey())
    .addColumn('settled_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index bet_cash_wins_recent_idx on bet_cash_wins (settled_at desc, bet_id desc)`.execute(db);
  await sql`
    insert into bet_cash_wins (bet_id, settled_at)
    select id, settled_at from bets where status = 'won' and wallet = 'cash' and settled_at is not null`.execute(db);
  await db.schema.dropIndex('bets_cash_wins_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index bets_cash_wins_idx on bets (settled_at desc) where status = 'won' and wallet = 'cash'`.execute(
    db,
  );
  await db.schema.dropTable('bet_cash_wins').execute();
  await db.schema.createIndex('bets_period_status_idx').on('bets').columns(['period_id', 'status']).execute();
  await db.schema.dropIndex('bets_period_idx').execute();
  await sql`alter table bet_items reset (fillfactor)`.execute(db);
  await sql`alter table bets reset (fillfactor)`.execute(db);
}
