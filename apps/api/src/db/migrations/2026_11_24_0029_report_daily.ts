import type { Kysely } from 'kysely';

// Profit report and the operator dashboard (modules/report). `report_daily` holds, per business day, per
// player and per game (0: money not tied to a game), what the ledger moved on that player's real-money accounts:
// stakes, payouts (wins, pushes and void refunds), rebates, deposits and paid withdrawals. The scheduler's leader
// rebuilds a day from the ledger (today every few minutes; a past day once more after it ended, then it is final).
// `report_days` records when each day was last rebuilt and whether that rebuild is final.
// The rebuild reads the ledger by time, hence the index on ledger_transactions(created_at).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('stakes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payouts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebates', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deposits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawals', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('slips', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_daily_pkey', ['day', 'user_id', 'game_id'])
    .execute();
  await db.schema.createIndex('report_daily_user_day_idx').on('report_daily').columns(['user_id', 'day']).execute();
  await db.schema
    .createTable('report_days')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('final', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_transactions_created_at_idx')
    .on('ledger_transactions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_transactions_created_at_idx').execute();
  await db.schema.dropTable('report_days').execute();
  await db.schema.dropTable('report_daily').execute();
}
