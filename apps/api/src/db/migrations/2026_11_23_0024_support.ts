import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Support conversations (the Support tab): a player opens a conversation with a subject and a first message;
// the player and operators write to it until an operator closes it. Messages are kept (no cascade from users).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_conversations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
    .addCheckConstraint('support_conversations_closed_consistent', sql`(status = 'closed') = (closed_at is not null)`)
    .execute();
  // The player's list (newest activity first) and the open count; the operators' queue by status.
  await db.schema
    .createIndex('support_conversations_user_idx')
    .on('support_conversations')
    .columns(['user_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('support_conversations_status_idx')
    .on('support_conversations')
    .columns(['status', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('support_conversations.id'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('player', 'operator')`))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    // An attached image: the stored file's random name (lib/uploads.ts), served only to the player and operators.
    .addColumn('image', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_conversation_idx')
    .on('support_messages')
    .columns(['conversation_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_conversations').execute();
}
