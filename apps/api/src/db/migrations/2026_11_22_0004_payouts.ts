import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Payout methods (bank card, crypto wallet, PIX key) and the fund (withdrawal) password with its failure counter.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // argon2id, like the login password (docs/trust.md 17); null until the player sets one.
  await db.schema.alterTable('users').addColumn('fund_password_hash', 'text').execute();

  await db.schema
    .createTable('payout_methods')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('bank', 'crypto', 'pix')`))
    // bank {name, bank_name, card_number}; crypto {alias, coin, address}; pix {key_type, key}: validated on the way in.
    .addColumn('details', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(details) = 'object'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Soft delete: a withdrawal that was paid to a method keeps pointing at it after the player removes it.
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The player's list and the "at most N active" count read only active rows.
  await sql`create index payout_methods_user_active_idx on payout_methods (user_id, id) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('fund_password_attempts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fund_password_attempts').execute();
  await db.schema.dropTable('payout_methods').execute();
  await db.schema.alterTable('users').dropColumn('fund_password_hash').execute();
}
