import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// place_bet_slips is source now (db/functions/place_bet_slips.sql). A database migrated before ran the text that
// 0011 then held inline; this re-creates the function from the file, so every database, old or new, holds exactly
// the file's text from here on. The next change to the file comes with a migration like this one (db/README.md).
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '52cf9ed6b76d24ad74e667235d0a1f9f8c22a57fc5c21231389f5d3576d4bc98',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await createSqlFunctions(db, sqlFunctions);
}

// Nothing to undo: the function 0011 created has the same signature and behaviour (0011's down drops it).
export async function down(): Promise<void> {}
