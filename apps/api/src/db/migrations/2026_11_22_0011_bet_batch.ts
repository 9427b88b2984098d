import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

/** The function files this migration creates, each with the SHA-256 of the text it was written for (db/README.md). */
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: '52cf9ed6b76d24ad74e667235d0a1f9f8c22a57fc5c21231389f5d3576d4bc98',
};

// Bet slips are committed in batches by ONE call of place_bet_slips (bets/slip-batch.ts documents the rules and
// passes the inputs): a single round trip and a single transaction per batch, with its plans prepared once per
// connection, instead of nine statements each waiting for the event loop and planned anew.
//
// An idempotent bet claims its key in the same transaction that records it: idempotency_keys.bet_id names the
// slip the key placed (deferred: the key is claimed before the slip is inserted), or the key keeps the slip's
// refusal, so a retry is answered alike, and a crash can never leave a key claimed without its answer.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // What each player has staked on each period (not void), kept by the batch under the player's wallet lock: the
  // per-period limit reads one row per player instead of summing every slip the player placed on the period.
  await sql`create table bet_period_stakes (
    period_id integer not null references periods (id),
    user_id integer not null references users (id),
    staked bigint not null check (staked >= 0),
    primary key (period_id, user_id)
  ) with (fillfactor = 70)`.execute(db);
  await sql`insert into bet_period_stakes (period_id, user_id, staked)
    select period_id, user_id, sum(total) from bets where status <> 'void' group by period_id, user_id`.execute(db);
  await db.schema.dropIndex('bets_user_period_idx').execute();

  await sql`alter table idempotency_keys add column bet_id integer
    references bets (id) deferrable initially deferred`.execute(db);

  // The function itself is source: db/functions/place_bet_slips.sql (db/README.md).
  await createSqlFunctions(db, sqlFunctions);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function place_bet_slips`.execute(db);
  await sql`alter table idempotency_keys drop column bet_id`.execute(db);
  await db.schema.createIndex('bets_user_period_idx').on('bets').columns(['user_id', 'period_id']).execute();
  await db.schema.dropTable('bet_period_stakes').execute();
}
