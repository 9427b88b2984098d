import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The settlement's slip updates are HOT again (migration 0010 explains why they must be): 0025's
// bets_user_created_idx carried payout in its INCLUDE list, and an index that names a column an update changes —
// as a key, an INCLUDE column or in its predicate — makes every such update a regular one, which writes a new
// entry into every index of the table for every slip (a period of 10⁶ slips: 4 × 10⁶ index entries, and the
// settlement of the period about three times slower). The index keeps its key, one range per player since a day,
// week or month began; its INCLUDE list served index-only reads that no longer exist (the stake and loss limits
// also read the slip's status, which is in no index, so they visit the slip anyway).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bets_user_created_idx').execute();
  await db.schema.createIndex('bets_user_created_idx').on('bets').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bets_user_created_idx').execute();
  await sql`create index bets_user_created_idx on bets (user_id, created_at) include (wallet, total, payout)`.execute(
    db,
  );
}
