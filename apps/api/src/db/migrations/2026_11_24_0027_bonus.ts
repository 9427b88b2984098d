import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The daily rebate (modules/bonus/README.md): the operator's rate per game family, the business days the
// scheduler has computed (one row each: the key that makes a day's computation happen once), and one rebate per
// player per day (UNIQUE (user_id, day): a second computation, or a second instance racing the first, inserts
// nothing). A rebate is claimed once (claimed_at); the ledger's 'rebate' / 'rebate:<id>' is the credit.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const families = sql`family in ('pk10', 'k3', 'ssc', 'lucky28', 'marksix')`;
  await db.schema
    .createTable('bonus_rebate_rates')
    .addColumn('family', 'text', (c) => c.primaryKey().check(families))
    // Basis points of valid turnover: at most 10 %.
    .addColumn('rate_bps', 'integer', (c) => c.notNull().check(sql`rate_bps between 0 and 1000`))
    // The turnover requirement as a multiple of the rebate: at most 10 ×.
    .addColumn('multiple', 'integer', (c) => c.notNull().check(sql`multiple between 0 and 10`))
    .execute();
  // No rebate until an operator sets a rate.
  await sql`insert into bonus_rebate_rates (family, rate_bps, multiple)
    values ('pk10', 0, 1), ('k3', 0, 1), ('ssc', 0, 1), ('lucky28', 0, 1), ('marksix', 0, 1)`.execute(db);

  await db.schema
    .createTable('bonus_rebate_days')
    .addColumn('day', 'text', (c) => c.primaryKey().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('players', 'integer', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bonus_rebates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull().references('bonus_rebate_days.day'))
    .addColumn('turnover', 'bigint', (c) => c.notNull().check(sql`turnover > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('requirement', 'bigint', (c) => c.notNull().check(sql`requirement >= 0 and requirement <= amount * 10`))
    // Per family: turnover, rate, multiple, amount (what the computation saw).
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addUniqueConstraint('bonus_rebates_user_day_key', ['user_id', 'day'])
    .execute();
  // The player's history (newest first) and what is claimable.
  await db.schema.createIndex('bonus_rebates_user_idx').on('bonus_rebates').columns(['user_id', 'id']).execute();
  // The day's turnover reads the periods settled that day.
  await db.schema.createIndex('periods_settled_at_idx').on('periods').column('settled_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('periods_settled_at_idx').execute();
  await db.schema.dropTable('bonus_rebates').execute();
  await db.schema.dropTable('bonus_rebate_days').execute();
  await db.schema.dropTable('bonus_rebate_rates').execute();
}
