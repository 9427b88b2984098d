import type { Db } from '../../db/database.ts';
import type { SupportConversationRow, SupportMessageRow } from '../../db/tables-support.ts';
import type { SupportStatus } from '@fairdraw/contract';

/** A conversation with the text of its latest message, as lists show it. */
export type ConversationListRow = SupportConversationRow & { last_message: string | null };
export type OperatorConversationRow = ConversationListRow & { account: string; nickname: string };

export async function countOpenConversations(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertConversation(
  db: Db,
  c: { user_id: number; subject: string; now: Date },
): Promise<SupportConversationRow> {
  return db
    .insertInto('support_conversations')
    .values({ user_id: c.user_id, subject: c.subject, created_at: c.now, last_message_at: c.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  db: Db,
  m: {
    conversation_id: number;
    author: 'player' | 'operator';
    author_id: number;
    body: string;
    image?: string | null;
    now: Date;
  },
): Promise<SupportMessageRow> {
  return db
    .insertInto('support_messages')
    .values({
      conversation_id: m.conversation_id,
      author: m.author,
      author_id: m.author_id,
      body: m.body,
      image: m.image ?? null,
      created_at: m.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function conversationsWithLast(db: Db) {
  return db
    .selectFrom('support_conversations as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('support_messages as m')
        .select('m.body')
        .whereRef('m.conversation_id', '=', 'c.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_message'),
    );
}

/** The player's conversations, latest activity first; one more than `limit` tells whether there is a next page. */
export async function listPlayerConversations(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<ConversationListRow[]> {
  return conversationsWithLast(db)
    .where('c.user_id', '=', userId)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One conversation; with `userId`, only if it is that player's (anyone else's id looks unknown). */
export async function findConversation(db: Db, id: number, userId?: number): Promise<ConversationListRow | undefined> {
  let q = conversationsWithLast(db).where('c.id', '=', id);
  if (userId !== undefined) q = q.where('c.user_id', '=', userId);
  return q.executeTakeFirst();
}

/**
 * Marks new activity on an open conversation and locks it for the rest of the transaction (a close waits for the
 * reply, or the reply sees the close). Undefined when it is not open (closed, unknown, or not the player's).
 */
export async function touchOpenConversation(
  db: Db,
  id: number,
  now: Date,
  userId?: number,
): Promise<SupportConversationRow | undefined> {
  let q = db
    .updateTable('support_conversations')
    .set({ last_message_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open');
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.returningAll().executeTakeFirst();
}

/** Closes an open conversation; undefined when it is not open. */
export async function closeConversation(
  db: Db,
  id: number,
  operatorId: number,
  now: Date,
): Promise<SupportConversationRow | undefined> {
  return db
    .updateTable('support_conversations')
    .set({ status: 'closed', closed_at: now, closed_by: operatorId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** Messages of the given conversations, oldest first. */
export async function listMessages(db: Db, conversationIds: number[]): Promise<SupportMessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', 'in', conversationIds)
    .orderBy('id', 'asc')
    .execute();
}

/** The operators' queue: conversations in `status` with their player, latest activity first. */
export async function listOperatorConversations(
  db: Db,
  status: SupportStatus,
  offset: number,
  limit: number,
): Promise<OperatorConversationRow[]> {
  return conversationsWithLast(db)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.account', 'u.nickname'])
    .where('c.status', '=', status)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One conversation with its player, for the operators. */
export async function findOperatorConversation(db: Db, id: number): Promise<OperatorConversationRow | undefined> {
  return conversationsWithLast(db)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.account', 'u.nickname'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Whether `name` is an image attached to conversation `conversationId`. */
export async function hasImage(db: Db, conversationId: number, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('support_messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('image', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
