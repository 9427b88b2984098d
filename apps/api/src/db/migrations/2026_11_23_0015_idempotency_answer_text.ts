import type { Kysely } from 'kysely';

// A replayed answer must be the original byte for byte (docs/trust.md 6), and jsonb keeps neither key order nor
// spacing: the answer of an idempotent POST is stored as the exact text that was sent. response_body (jsonb) stays for
// the refusals the bet batch records in SQL (place_bet_slips) and for answers stored before this migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('response_text', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('response_text').execute();
}
