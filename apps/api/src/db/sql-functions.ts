import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** The SQL functions kept as source files, `db/functions/<name>.sql` (db/README.md says why and how to change one). */
export type SqlFunctionName = 'ledger_lock_accounts' | 'ledger_apply_deltas' | 'place_bet_slips';

/**
 * What a migration that creates functions from their files declares: for each function, the SHA-256 (hex) of the
 * file's text it was written for. db/sql-functions.test.ts fails when the latest migration naming a function does
 * not pin the file as it is, so a changed file cannot ship without a new migration that re-creates it.
 */
export type SqlFunctionPins = Partial<Record<SqlFunctionName, string>>;

/** The text of `db/functions/<name>.sql`, read beside this module (the server runs from source). */
export function sqlFunctionText(name: SqlFunctionName): string {
  return readFileSync(new URL(`./functions/${name}.sql`, import.meta.url), 'utf8');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Runs each named function's file (`create or replace function …`). The file is read as it is now: the pin is checked
 * by the unit test, not here, so an older migration re-run on a fresh database creates the current text, which the
 * latest migration then creates again (db/README.md: why the end state is the same either way).
 */
/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
export async function createSqlFunctions(db: Kysely<any>, pins: SqlFunctionPins): Promise<void> {
  for (const name of Object.keys(pins) as SqlFunctionName[]) {
    await sql.raw(sqlFunctionText(name)).execute(db);
  }
}
