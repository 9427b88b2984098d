import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Every API instance keeps the sessions it has checked for a moment (plugins/auth.ts). Whatever changes a user or a
// session — a logout, a password change revoking the other sessions, a new fund password, a role — announces the
// user's id on the channel fd_sessions once it commits, and every instance forgets that user's sessions. Triggers,
// not the code paths, announce it, so no present or future writer can forget to.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function fd_notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fd_sessions', to_jsonb(old) ->> tg_argv[0]);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger users_session_change after update or delete on users
    for each row execute function fd_notify_session_change('id')`.execute(db);
  await sql`create trigger sessions_session_change after update or delete on sessions
    for each row execute function fd_notify_session_change('user_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger sessions_session_change on sessions`.execute(db);
  await sql`drop trigger users_session_change on users`.execute(db);
  await sql`drop function fd_notify_session_change()`.execute(db);
}
