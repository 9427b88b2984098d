import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// place_bet_slips does the same work in fewer statements, each planned once per connection: every statement costs a
// batch the same fixed work whatever its size (planning, starting an executor, its triggers), which was most of what
// a batch of a few slips cost the database. The periods are locked and read in one statement; the idempotency keys
// claimed and the replays found in one; the limits and totals read in one; the slips, per-period totals, items and
// credited account written in one; the ids the caller drew taken as they are; the refusals' keys updated only when
// there is a refusal. Same signature, same answers.
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: 'f7d336ff477f7d79b279937efff440625dda0e874ac1a1bc632eaab4de2c29fd',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await createSqlFunctions(db, sqlFunctions);
}

// The previous text is no file's any more: migrate up again (as 0047's down says).
export async function down(): Promise<void> {}
