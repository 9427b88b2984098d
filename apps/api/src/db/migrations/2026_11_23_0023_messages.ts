import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Messages. `messages` holds what one player receives: a system message (a kind and its parameters,
// worded in the reader's language when read) or an operator's message to that player (params.title, params.body,
// as written). A broadcast to all players is one row in `broadcasts`; a player's read mark on it is one row in
// `broadcast_reads`, written when read, so sending to a million players writes one row, not a million. A broadcast
// reaches the players whose account existed when it was sent (users.created_at <= broadcasts.created_at).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  // The inbox, newest first, and the unread count: one index range per player each.
  await db.schema.createIndex('messages_user_id_idx').on('messages').columns(['user_id', 'id']).execute();
  await sql`create index messages_unread_idx on messages (user_id) where read_at is null`.execute(db);

  await db.schema
    .createTable('broadcasts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('broadcasts_created_idx').on('broadcasts').column('created_at').execute();

  await db.schema
    .createTable('broadcast_reads')
    .addColumn('broadcast_id', 'integer', (c) => c.notNull().references('broadcasts.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('broadcast_reads_pkey', ['user_id', 'broadcast_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('broadcast_reads').execute();
  await db.schema.dropTable('broadcasts').execute();
  await db.schema.dropTable('messages').execute();
}
