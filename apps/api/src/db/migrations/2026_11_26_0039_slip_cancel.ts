import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// A player cancels a slip before its period's seal (modules/bets README, "Cancel"): the slip and its items become
// 'cancelled' (payout = the stake given back), the stake goes back under 'cancel' / 'bet-cancel:<slipId>'. A game's
// `cancel_enabled` (default true) lets an operator turn cancelling off per game (the console's Games screen).
// place_bet_slips re-created so a cancelled slip no longer counts against the player's stake and loss limits (same
// signature).
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: 'c5de6ba86bed7f20b4c471c245e21cfd92993e4ca526e3be9eba4604c0973a9c',
};

const STATUS_OLD = sql`status in ('unsettled', 'won', 'lost', 'push', 'void')`;
const STATUS_NEW = sql`status in ('unsettled', 'won', 'lost', 'push', 'void', 'cancelled')`;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('games')
    .addColumn('cancel_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  for (const table of ['bets', 'bet_items']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_status_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_status_check`)} check (${STATUS_NEW})`.execute(
      db,
    );
  }
  await createSqlFunctions(db, sqlFunctions);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bets', 'bet_items']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_status_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_status_check`)} check (${STATUS_OLD})`.execute(
      db,
    );
  }
  await db.schema.alterTable('games').dropColumn('cancel_enabled').execute();
}
