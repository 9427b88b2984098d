import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Member area, second part.
//
// 1. Live member events. Whatever changes what a player's inbox or support conversations show announces it on the
//    channel fd_member_events once it commits: a message to the player, a broadcast (to everyone: user 0), a read
//    mark (the badge on another device), a support message from anyone, a conversation closed. Every API instance
//    LISTENs and pushes it to that player's open streams (modules/live). Triggers, not the code paths, announce it,
//    so no present or future writer can forget to (as fd_sessions, 0012). The payload names only the player and
//    what changed; the client reads the rest through the ordinary calls, so nothing private travels on the channel.
//
// 2. player_prompts: what the player was last shown and answered, kept on the server so a reload or another device
//    knows it: when the reality check was last dismissed, when the deposit-limit offer was made.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function fd_notify_member_event() returns trigger language plpgsql as $$
    declare
      uid integer;
      conv integer;
    begin
      if tg_table_name = 'messages' or tg_table_name = 'broadcast_reads' then
        perform pg_notify('fd_member_events', json_build_object('u', new.user_id, 'k', 'msg')::text);
      elsif tg_table_name = 'broadcasts' then
        perform pg_notify('fd_member_events', json_build_object('u', 0, 'k', 'msg')::text);
      else
        -- A field is looked up when its line runs: each table's own.
        if tg_table_name = 'support_messages' then
          conv := new.conversation_id;
        else
          conv := new.id;
        end if;
        select user_id into uid from support_conversations where id = conv;
        if uid is not null then
          perform pg_notify('fd_member_events', json_build_object('u', uid, 'k', 'support', 'c', conv)::text);
        end if;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger messages_member_event after insert or update of read_at on messages
    for each row execute function fd_notify_member_event()`.execute(db);
  await sql`create trigger broadcasts_member_event after insert on broadcasts
    for each row execute function fd_notify_member_event()`.execute(db);
  await sql`create trigger broadcast_reads_member_event after insert on broadcast_reads
    for each row execute function fd_notify_member_event()`.execute(db);
  await sql`create trigger support_messages_member_event after insert on support_messages
    for each row execute function fd_notify_member_event()`.execute(db);
  await sql`create trigger support_conversations_member_event after update of status on support_conversations
    for each row when (old.status is distinct from new.status) execute function fd_notify_member_event()`.execute(db);

  await db.schema
    .createTable('player_prompts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    // The last time the player dismissed the reality check ("continue"): the next one is due at the first interval
    // of the session after it.
    .addColumn('reality_check_dismissed_at', 'timestamptz')
    // When the player was offered to set a deposit limit (at registration or first deposit), set or skipped.
    .addColumn('deposit_limit_offered_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_prompts').execute();
  await sql`drop trigger support_conversations_member_event on support_conversations`.execute(db);
  await sql`drop trigger support_messages_member_event on support_messages`.execute(db);
  await sql`drop trigger broadcast_reads_member_event on broadcast_reads`.execute(db);
  await sql`drop trigger broadcasts_member_event on broadcasts`.execute(db);
  await sql`drop trigger messages_member_event on messages`.execute(db);
  await sql`drop function fd_notify_member_event()`.execute(db);
}
