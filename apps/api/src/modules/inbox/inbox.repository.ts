import { sql } from 'kysely';
import type { MessageKind, MessageParams } from '@fairdraw/contract';
import type { Db, LocalizedText } from '../../db/database.ts';
import type { BroadcastRow, MessageRow } from '../../db/tables-messages.ts';

/** One inbox entry: a player message ('m') or a broadcast ('b'), with the reader's read state. */
export type InboxRow = {
  src: 'm' | 'b';
  id: number;
  kind: MessageKind;
  params: MessageParams;
  title: string | null;
  body: string | null;
  created_at: Date;
  read: boolean;
};

export async function insertMessage(
  db: Db,
  values: { user_id: number; kind: MessageKind; params: MessageParams; created_at: Date },
): Promise<MessageRow> {
  return db
    .insertInto('messages')
    .values({ ...values, params: JSON.stringify(values.params) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMessages(
  db: Db,
  rows: readonly { user_id: number; kind: MessageKind; params: MessageParams; created_at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('messages')
    .values(rows.map((r) => ({ ...r, params: JSON.stringify(r.params) })))
    .execute();
}

/** A game's name in every language it has. */
export async function gameName(db: Db, gameId: number): Promise<LocalizedText> {
  const row = await db.selectFrom('games').select('name').where('id', '=', gameId).executeTakeFirstOrThrow();
  return row.name;
}

export async function insertBroadcast(
  db: Db,
  values: { title: string; body: string; sent_by: number; created_at: Date },
): Promise<BroadcastRow> {
  return db.insertInto('broadcasts').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The broadcasts a player receives: those sent at or after the account was opened, up to `now`. */
function broadcastsFor(db: Db, userId: number, openedAt: Date, now: Date) {
  return db
    .selectFrom('broadcasts as b')
    .leftJoin('broadcast_reads as r', (join) => join.onRef('r.broadcast_id', '=', 'b.id').on('r.user_id', '=', userId))
    .where('b.created_at', '>=', openedAt)
    .where('b.created_at', '<=', now);
}

/** A page of the inbox, newest first (ties: the later row first). */
export async function listInbox(
  db: Db,
  userId: number,
  openedAt: Date,
  now: Date,
  offset: number,
  limit: number,
): Promise<InboxRow[]> {
  const messages = db
    .selectFrom('messages')
    .select([
      sql<'m' | 'b'>`'m'`.as('src'),
      'id',
      'kind',
      'params',
      sql<string | null>`null::text`.as('title'),
      sql<string | null>`null::text`.as('body'),
      'created_at',
      sql<boolean>`read_at is not null`.as('read'),
    ])
    .where('user_id', '=', userId);
  const broadcasts = broadcastsFor(db, userId, openedAt, now).select([
    sql<'m' | 'b'>`'b'`.as('src'),
    'b.id',
    sql<MessageKind>`'operator'`.as('kind'),
    sql<MessageParams>`'{}'::jsonb`.as('params'),
    'b.title',
    'b.body',
    'b.created_at',
    sql<boolean>`r.user_id is not null`.as('read'),
  ]);
  const rows = await messages
    .unionAll(broadcasts)
    .orderBy('created_at', 'desc')
    .orderBy('src', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows;
}

export async function countUnread(db: Db, userId: number, openedAt: Date, now: Date): Promise<number> {
  const own = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const all = await broadcastsFor(db, userId, openedAt, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(own.n) + Number(all.n);
}

/** One of the player's own messages, or undefined (another player's message is undefined too). */
export async function findMessage(db: Db, userId: number, id: number): Promise<InboxRow | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, src: 'm', title: null, body: null, read: row.read_at !== null };
}

/** A broadcast the player receives, or undefined. */
export async function findBroadcast(
  db: Db,
  userId: number,
  openedAt: Date,
  now: Date,
  id: number,
): Promise<InboxRow | undefined> {
  const row = await broadcastsFor(db, userId, openedAt, now)
    .select(['b.id', 'b.title', 'b.body', 'b.created_at', sql<boolean>`r.user_id is not null`.as('read')])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, src: 'b', kind: 'operator', params: {} };
}

export async function markMessageRead(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function markBroadcastRead(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db
    .insertInto('broadcast_reads')
    .values({ broadcast_id: id, user_id: userId, read_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Marks every message and every received broadcast of the player read. */
export async function markAllRead(db: Db, userId: number, openedAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  await db
    .insertInto('broadcast_reads')
    .columns(['broadcast_id', 'user_id', 'read_at'])
    .expression(
      broadcastsFor(db, userId, openedAt, now)
        .where('r.user_id', 'is', null)
        .select(['b.id', sql<number>`${userId}::integer`.as('user_id'), sql<Date>`${now}::timestamptz`.as('read_at')]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A player (not an operator) by account, case-insensitively, or undefined. */
export async function findPlayerByAccount(
  db: Db,
  account: string,
): Promise<{ id: number; account: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'account'])
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .where('role', '=', 'player')
    .where('is_guest', '=', false)
    .executeTakeFirst();
}
