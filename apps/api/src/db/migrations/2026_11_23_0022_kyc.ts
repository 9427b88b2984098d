import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Identity verification (KYC). One row per submission a player makes: the real name, the document number and the
// stored names of the two re-encoded photos (files under <DATA_DIR>/uploads/kyc, never the web root). The latest
// row is the player's status; after a rejection the player submits again (a new row), so the history stays. At
// most one pending or verified submission per player (partial unique index), so two parallel submissions cannot
// both wait for review.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('front_file', 'text', (c) => c.notNull())
    .addColumn('back_file', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'verified', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('kyc_submissions_user_idx').on('kyc_submissions').columns(['user_id', 'id']).execute();
  await sql`create unique index kyc_submissions_one_open_idx on kyc_submissions (user_id)
    where status in ('pending', 'verified')`.execute(db);
  await db.schema.createIndex('kyc_submissions_status_idx').on('kyc_submissions').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_submissions').execute();
}
