import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The console's Players screen. A frozen player (frozen_at set) may log in and withdraw but not bet or
// deposit; the bet batch and the deposit read the row under a lock in their own transaction. A password reset by an
// operator sets must_change_password until the player has chosen his own (plugins/auth.ts refuses other calls).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users
    add column frozen_at timestamptz,
    add column frozen_reason text,
    add column must_change_password boolean not null default false`.execute(db);
  await sql`alter table users add constraint users_frozen_reason_check
    check ((frozen_at is null) = (frozen_reason is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_frozen_reason_check`.execute(db);
  await sql`alter table users drop column must_change_password, drop column frozen_reason, drop column frozen_at`.execute(
    db,
  );
}
