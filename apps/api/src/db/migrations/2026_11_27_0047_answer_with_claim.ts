import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// place_bet_slips takes the slips' and items' ids from its caller (drawn from the same sequences before the call)
// and the text each slip's idempotency key is first answered with, stored with the claim in the batch's own
// transaction. The text was stored after the batch by a second statement and commit of its own, which rewrote
// every key row of the batch: about a third of the database's work per slip (bench/bets.ts). A refused slip's key
// keeps no text (the refusal is answered, and its text stored, as before). A new signature: the old one is dropped.
//
// The ids are drawn in blocks per process (bets/slip-ids.ts), so with several hosts a later slip can have a lower id:
// a player's slips are listed by the time they were placed, then by id. One index on (user_id, created_at, id) serves
// that list, the players' stake and loss limits (their slips since a day, week or month began) and every lookup by
// player, in place of two ((user_id, id) and (user_id, created_at)): one index fewer written per slip.
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '36538f4bb37c8f6fa189baea44b334a0a6d5c6bb520399c6b630624afbd92b38',
};

const before = sql`place_bet_slips(timestamptz, bigint, text, jsonb, timestamptz, timestamptz, timestamptz, int[],
  text[], int[], int[], text[], bigint[], text[], text[], text[], text[], text[], int[], int[], text[], text[], text[],
  int[], bigint[])`;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ${before}`.execute(db);
  await createSqlFunctions(db, sqlFunctions);
  await db.schema.createIndex('bets_user_placed_idx').on('bets').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('bets_user_id_idx').execute();
  await db.schema.dropIndex('bets_user_created_idx').execute();
}

// Below this migration the bet batch needs the function of the earlier signature, which no file keeps: migrate up
// again (as 0046's down says of its columns).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('bets_user_created_idx').on('bets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('bets_user_id_idx').on('bets').columns(['user_id', 'id']).execute();
  await db.schema.dropIndex('bets_user_placed_idx').execute();
  await sql`drop function if exists place_bet_slips(timestamptz, bigint, text, jsonb, timestamptz, timestamptz,
    timestamptz, int[], text[], int[], int[], text[], bigint[], text[], text[], text[], text[], text[], int[], int[],
    text[], text[], text[], int[], bigint[], int[], int[], text[])`.execute(db);
}
