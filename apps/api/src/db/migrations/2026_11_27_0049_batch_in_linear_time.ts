import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// place_bet_slips finds the slips whose idempotency key was claimed already (REPLAY) and gives each slip its item ids
// in one pass each, set-based: a loop that tested every slip against the whole list of claims, and a subquery per
// slip over all the batch's items, took time in the square of the batch's size (a batch grows to 256 slips under
// load). Same signature, same answers.
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '3d9ddca85264be56df1d6015d65fbe5b65b70197c587bd9d7c47d15dec82af61',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await createSqlFunctions(db, sqlFunctions);
}

// The previous text is no file's any more: migrate up again (as 0047's down says).
export async function down(): Promise<void> {}
