import type { Kysely } from 'kysely';

// Idempotency keys are kept for a week (plugins/idempotency.ts IDEMPOTENCY_RETENTION_MS), then purged oldest first by
// the scheduler's settle loop: one index on their age.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_idx').execute();
}
