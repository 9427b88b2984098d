import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The double-entry ledger (decision 0004, docs/trust.md 1–4), the audit log (docs/trust.md 21), idempotency
// keys (docs/trust.md 6) and the settings table.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    // The database itself refuses a negative player balance, whatever the code does (docs/trust.md 2).
    .addCheckConstraint(
      'ledger_accounts_player_balance_nonnegative',
      sql`kind not in ('player_cash', 'player_demo', 'withdrawals_pending') or balance >= 0`,
    )
    .execute();
  await db.schema.createIndex('ledger_accounts_user_id_idx').on('ledger_accounts').column('user_id').execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_transactions_kind_reference_key', ['kind', 'reference'])
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema
    .createIndex('ledger_postings_transaction_idx')
    .on('ledger_postings')
    .column('transaction_id')
    .execute();
  await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').column('account_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_account', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('in_flight', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();
  // Defaults (README "Settings"): no withdrawal fee; withdrawals of 100.00 to 50,000.00 (minor units).
  await db
    .insertInto('settings')
    .values([
      { key: 'withdraw_fee', value: JSON.stringify({ percent_bps: 0, fixed: 0, min: 0, max: null }) },
      { key: 'withdraw_min', value: JSON.stringify(10_000) },
      { key: 'withdraw_max', value: JSON.stringify(5_000_000) },
    ])
    .execute();

  // Append-only (docs/trust.md 4, 21): a trigger refuses UPDATE and DELETE (and TRUNCATE) of postings, transactions and
  // audit rows for every role, superusers included; PGlite runs the same trigger. A superuser could still drop
  // the trigger, so on PostgreSQL with a non-superuser app role the privileges are revoked as well.
  await sql`
    create function fd_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'table % is append-only (% refused)', tg_table_name, tg_op using errcode = '55000';
    end
    $$`.execute(db);
  for (const table of ['ledger_postings', 'ledger_transactions', 'audit_log']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function fd_append_only()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function fd_append_only()`.execute(db);
  }
  await sql`
    do $$
    begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute 'revoke update, delete, truncate on ledger_postings, ledger_transactions, audit_log from '
          || quote_ident(current_user);
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('ledger_postings').execute();
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  await sql`drop function fd_append_only()`.execute(db);
}
