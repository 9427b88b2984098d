import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Bets (docs/trust.md 7–10): a slip and its items. The stake posts 'stake' / 'bet:<id>' with the slip; settlement posts
// one 'payout' / 'bet:<id>' per slip that pays anything, a void one 'refund' / 'bet-refund:<id>'; the ledger's
// UNIQUE (kind, reference) makes a second credit impossible.
/* eslint-disable @typescript-eslint/no-explicit-any */
const STATUS = sql`status in ('unsettled', 'won', 'lost', 'push', 'void')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('period_id', 'integer', (c) => c.notNull().references('periods.id'))
    .addColumn('issue', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull().check(sql`wallet in ('cash', 'demo')`))
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unsettled').check(STATUS))
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('bets_settled_has_payout', sql`(status = 'unsettled') = (payout is null)`)
    .execute();
  // Settlement and void: the unsettled slips of a period.
  await db.schema.createIndex('bets_period_status_idx').on('bets').columns(['period_id', 'status']).execute();
  // The player's list (newest first) and the per-period limit.
  await db.schema.createIndex('bets_user_id_idx').on('bets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('bets_user_period_idx').on('bets').columns(['user_id', 'period_id']).execute();
  // The home page's winning list: latest settled cash wins.
  await sql`create index bets_cash_wins_idx on bets (settled_at desc) where status = 'won' and wallet = 'cash'`.execute(
    db,
  );

  await db.schema
    .createTable('bet_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('bet_id', 'integer', (c) => c.notNull().references('bets.id'))
    .addColumn('play_item_id', 'integer', (c) => c.notNull().references('play_items.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('group_code', 'text', (c) => c.notNull())
    .addColumn('numbers', sql`integer[]`)
    .addColumn('odds_bps', 'integer', (c) => c.notNull().check(sql`odds_bps > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unsettled').check(STATUS))
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    .execute();
  await db.schema.createIndex('bet_items_bet_idx').on('bet_items').column('bet_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bet_items').execute();
  await db.schema.dropTable('bets').execute();
}
