import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Login throttling per client, and two-factor sign-in (modules/auth/README.md).
// - login_attempts gains the scope 'client': failures of one account from one client (key: account, a newline, the
//   IP), which lock that client out of that account; 'account' becomes the slower ceiling of all clients together.
// - login_lock_notices: when the owner was last told (an inbox message) that a client was locked out of his account,
//   so he is told at most once per lock window.
// - user_totp: a user's TOTP secret, encrypted with a key kept outside the database (TOTP_KEY or DATA_DIR/totp.key);
//   enabled_at null while the enrolment waits for its first code; last_step, the time step of the last code
//   accepted (a code is accepted once).
// - user_recovery_codes: sha-256 of each one-time recovery code; used_at once used.
// - login_challenges: the second step of a login (sha-256 of its token), short-lived and used once.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_attempts drop constraint login_attempts_scope_check`.execute(db);
  await sql`alter table login_attempts add constraint login_attempts_scope_check check (scope in ('account', 'ip', 'client'))`.execute(
    db,
  );

  await db.schema
    .createTable('login_lock_notices')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('notified_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .execute();

  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user_hash_idx')
    .on('user_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
  await db.schema.dropTable('login_lock_notices').execute();
  await sql`delete from login_attempts where scope = 'client'`.execute(db);
  await sql`alter table login_attempts drop constraint login_attempts_scope_check`.execute(db);
  await sql`alter table login_attempts add constraint login_attempts_scope_check check (scope in ('account', 'ip'))`.execute(
    db,
  );
}
