import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// A user's and a ledger transaction's created_at come from the app's clock (app.clock()), written by the code on
// insert, no longer from the database's now(): the report cuts its business days from the app's clock, so the two
// clocks were compared wherever the database's time and the app's differ (a test's moved clock, an instance whose
// clock drifts from the database server's). Without a default, an insert that forgets the time is refused (NOT NULL)
// instead of silently taking the other clock. place_bet_slips re-created to write its stakes' transactions at its
// p_now (same signature).
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '84ddaf44bffd6b66816eb1c05d168a432336151cb6b2320c80d2e116a0b00049',
};

const TABLES = ['users', 'ledger_transactions'] as const;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} alter column created_at drop default`.execute(db);
  }
  await createSqlFunctions(db, sqlFunctions);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} alter column created_at set default now()`.execute(db);
  }
}
