import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The players' daily upload quota (modules/uploads/README.md): what each player has stored on each business day,
// files and bytes (as stored, after re-encoding), counted in the transaction that attaches the file to its row, so
// parallel uploads cannot pass the quota together.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_quota_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull().check(sql`files >= 0`))
    .addColumn('bytes', 'bigint', (c) => c.notNull().check(sql`bytes >= 0`))
    .addPrimaryKeyConstraint('upload_quota_days_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_quota_days').execute();
}
