import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// Spending limits (docs/trust.md 29) and the reality-check interval. Each limit choice is a row, append-only like
// the breaks of 0009: the latest choice already in force binds (packages/domain spending-limits.ts resolveLimit), so
// a loosening waits its 24 hours as a row with a later effective_at and nothing is ever overwritten.
// place_bet_slips now checks the stake and loss limits after the wallet lock (a new signature: the old one is dropped).
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '458c6b7c9772b2cd9bd90938b8b96c7ad7561a6d47071dbca215e74ad666ecef',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('player_limits')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('deposit', 'loss', 'stake')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    // null: the limit is removed.
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('player_limits_user_idx')
    .on('player_limits')
    .columns(['user_id', 'kind', 'period', 'id'])
    .execute();
  await sql`create trigger player_limits_append_only before update or delete on player_limits
    for each row execute function fd_append_only()`.execute(db);
  await sql`create trigger player_limits_no_truncate before truncate on player_limits
    for each statement execute function fd_append_only()`.execute(db);

  // A waited change (a loosening or removal) that took effect and was told to the player (messages: limit_effective):
  // written once per change, the first time the player's limits are read after it took effect.
  await db.schema
    .createTable('player_limit_notices')
    .addColumn('limit_id', 'integer', (c) => c.primaryKey().references('player_limits.id'))
    .execute();

  // The reality check's interval per player (minutes; absent: off).
  await db.schema
    .createTable('reality_checks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes in (30, 60)`))
    .execute();

  // What a player staked (and got back) since a day, week or month began: one index range per player, read from
  // the index alone (bets placed in the window, with their total and payout).
  await sql`create index bets_user_created_idx on bets (user_id, created_at) include (wallet, total, payout)`.execute(
    db,
  );

  await sql`drop function if exists place_bet_slips(timestamptz, bigint, text, jsonb, int[], text[], int[], int[],
    text[], bigint[], text[], text[], text[], text[], text[], int[], int[], text[], text[], text[], int[], bigint[])`.execute(
    db,
  );
  await createSqlFunctions(db, sqlFunctions);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bets_user_created_idx').execute();
  await db.schema.dropTable('reality_checks').execute();
  await db.schema.dropTable('player_limit_notices').execute();
  await db.schema.dropTable('player_limits').execute();
}
