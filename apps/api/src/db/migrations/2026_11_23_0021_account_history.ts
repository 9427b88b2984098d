import type { Kysely } from 'kysely';

// Account history: a player's movements are read newest first (the app) or oldest first in pages by
// posting id (the CSV export), account by account. (account_id, id) serves both as one index range scan; it
// replaces the index on account_id alone, which it covers.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ledger_postings_account_id_id_idx')
    .on('ledger_postings')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.dropIndex('ledger_postings_account_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').column('account_id').execute();
  await db.schema.dropIndex('ledger_postings_account_id_id_idx').execute();
}
