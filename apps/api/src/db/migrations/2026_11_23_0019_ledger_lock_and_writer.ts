import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// The ledger's one lock and one writer of balances (decision 0004) become SQL functions every path calls:
// ledger_lock_accounts (FOR NO KEY UPDATE, in the ledger's lock order) and ledger_apply_deltas (the balance update,
// guarded by the CHECK on player balances). place_bet_slips is re-created to call both instead of its own copies.
export const sqlFunctions: SqlFunctionPins = {
  ledger_lock_accounts: '5ad6d47ab14abfbb9c9c496e38d293697917a6535743dce49e50752df93f8e9c',
  ledger_apply_deltas: 'c2aa1dd2580851bbdd805145bddab8df6e52447d100c52591021d398016fb061',
  place_bet_slips: '901815cd175a9f901ca029be46b054c17e4451f77172fc20a62763f2338f58a9',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await createSqlFunctions(db, sqlFunctions);
}

// Nothing to undo: place_bet_slips as re-created calls the two new functions, so they stay with it (0011's down
// drops place_bet_slips; the two helpers are harmless without it).
export async function down(): Promise<void> {}
