import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Time-outs and self-exclusions (docs/trust.md 30). One row per choice a player makes; a break binds while now <
// ends_at, and the row that ends last wins. Rows are append-only (the trigger of migration 0003 refuses UPDATE, DELETE
// and TRUNCATE for every role), so no later write can shorten or lift a break: a longer choice is a new row.
/* eslint-disable @typescript-eslint/no-explicit-any */
const KINDS = sql`kind in ('timeout_24h', 'timeout_7d', 'timeout_30d', 'exclusion_6m', 'exclusion_1y', 'exclusion_5y')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('self_exclusions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // No cascade: the records are kept; a user with breaks on record cannot be deleted.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(KINDS))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('self_exclusions_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  // Bets and deposits ask "does this player have a break ending after now?": one index range per player.
  await db.schema
    .createIndex('self_exclusions_user_ends_idx')
    .on('self_exclusions')
    .columns(['user_id', 'ends_at'])
    .execute();

  await sql`create trigger self_exclusions_append_only before update or delete on self_exclusions
    for each row execute function fd_append_only()`.execute(db);
  await sql`create trigger self_exclusions_no_truncate before truncate on self_exclusions
    for each statement execute function fd_append_only()`.execute(db);
  await sql`
    do $$
    begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute 'revoke update, delete, truncate on self_exclusions from ' || quote_ident(current_user);
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('self_exclusions').execute();
}
