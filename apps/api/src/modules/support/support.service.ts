import { SUPPORT_OPEN_MAX } from '@fairdraw/contract';
import type {
  AdminSupportDetail,
  Paged,
  SupportConversation,
  SupportDetail,
  SupportMessage,
  SupportOpenRequest,
  SupportStatus,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { playerTransaction } from '../../db/player-lock.ts';
import type { SupportMessageRow } from '../../db/tables-support.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './support.repository.ts';
import type { ConversationListRow, OperatorConversationRow } from './support.repository.ts';

function toConversation(row: ConversationListRow): SupportConversation {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    last_message: row.last_message ?? '',
    last_message_at: row.last_message_at.getTime(),
    created_at: row.created_at.getTime(),
    closed_at: row.closed_at ? row.closed_at.getTime() : null,
  };
}

function toMessage(row: SupportMessageRow): SupportMessage {
  return { id: row.id, from: row.author, body: row.body, image: row.image, created_at: row.created_at.getTime() };
}

function toAdminDetail(row: OperatorConversationRow, messages: SupportMessageRow[]): AdminSupportDetail {
  return {
    ...toConversation(row),
    user: { user_id: row.user_id, account: row.account, nickname: row.nickname },
    messages: messages.filter((m) => m.conversation_id === row.id).map(toMessage),
  };
}

/** The player's conversations, latest activity first. */
export async function listOwnConversations(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
): Promise<Paged<SupportConversation>> {
  const rows = await repo.listPlayerConversations(db, userId, (query.page - 1) * query.limit, query.limit + 1);
  return {
    list: rows.slice(0, query.limit).map(toConversation),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/** One of the player's own conversations with every message; anyone else's id or an unknown one: 404. */
export async function ownConversation(db: Db, userId: number, id: number): Promise<SupportDetail> {
  const row = await repo.findConversation(db, id, userId);
  if (!row) throw new AppError('SUPPORT_NOT_FOUND');
  return { ...toConversation(row), messages: (await repo.listMessages(db, [row.id])).map(toMessage) };
}

/**
 * Opens a conversation with its first message. Under a lock on the player's row, so parallel opens cannot pass the
 * cap: at most SUPPORT_OPEN_MAX open conversations per player (SUPPORT_OPEN_LIMIT).
 */
export async function openConversation(
  db: Db,
  userId: number,
  input: SupportOpenRequest,
  now: Date,
): Promise<SupportDetail> {
  // The player's row is locked first (db/player-lock.ts): opens of one player run one at a time (the cap holds).
  const id = await playerTransaction(db, userId, async (trx) => {
    if ((await repo.countOpenConversations(trx, userId)) >= SUPPORT_OPEN_MAX) {
      throw new AppError('SUPPORT_OPEN_LIMIT', { params: { max: SUPPORT_OPEN_MAX } });
    }
    const conversation = await repo.insertConversation(trx, { user_id: userId, subject: input.subject, now });
    await repo.insertMessage(trx, {
      conversation_id: conversation.id,
      author: 'player',
      author_id: userId,
      body: input.body,
      now,
    });
    return conversation.id;
  });
  return ownConversation(db, userId, id);
}

/**
 * The player writes to an own open conversation, with text, an image (its stored name) or both: someone else's or
 * unknown → 404, closed → 409 SUPPORT_CLOSED.
 */
export async function replyAsPlayer(
  db: Db,
  userId: number,
  id: number,
  body: string,
  now: Date,
  image: string | null = null,
  countImage?: (trx: Db) => Promise<void>,
): Promise<SupportDetail> {
  if (body === '' && image === null) throw new AppError('REQUIRED_FIELDS', { field: 'body' });
  await db.transaction().execute(async (trx) => {
    const open = await repo.touchOpenConversation(trx, id, now, userId);
    if (!open) {
      const row = await repo.findConversation(trx, id, userId);
      throw new AppError(row ? 'SUPPORT_CLOSED' : 'SUPPORT_NOT_FOUND');
    }
    await repo.insertMessage(trx, { conversation_id: id, author: 'player', author_id: userId, body, image, now });
    // The image counts against the player's daily upload quota in this transaction (modules/uploads).
    if (image !== null) await countImage?.(trx);
  });
  return ownConversation(db, userId, id);
}

/** The operators' queue (open by default), each conversation with its player and messages. */
export async function listForOperator(
  db: Db,
  query: { status: SupportStatus; page: number; limit: number },
): Promise<Paged<AdminSupportDetail>> {
  const rows = await repo.listOperatorConversations(db, query.status, (query.page - 1) * query.limit, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const messages = await repo.listMessages(
    db,
    page.map((r) => r.id),
  );
  return {
    list: page.map((r) => toAdminDetail(r, messages)),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

async function operatorDetail(db: Db, id: number): Promise<AdminSupportDetail> {
  const row = await repo.findOperatorConversation(db, id);
  if (!row) throw new AppError('SUPPORT_NOT_FOUND');
  return toAdminDetail(row, await repo.listMessages(db, [id]));
}

/**
 * An operator answers an open conversation with text, an image (its stored name) or both (unknown → 404, closed →
 * 409 SUPPORT_CLOSED).
 */
export async function replyAsOperator(
  db: Db,
  actor: AuditActor & { userId: number },
  id: number,
  body: string,
  now: Date,
  image: string | null = null,
): Promise<AdminSupportDetail> {
  if (body === '' && image === null) throw new AppError('REQUIRED_FIELDS', { field: 'body' });
  await db.transaction().execute(async (trx) => {
    const open = await repo.touchOpenConversation(trx, id, now);
    if (!open) {
      throw new AppError((await repo.findConversation(trx, id)) ? 'SUPPORT_CLOSED' : 'SUPPORT_NOT_FOUND');
    }
    const message = await repo.insertMessage(trx, {
      conversation_id: id,
      author: 'operator',
      author_id: actor.userId,
      body,
      image,
      now,
    });
    await writeAudit(trx, actor, 'support.reply', `support:${id}`, null, { message_id: message.id, body, image });
  });
  return operatorDetail(db, id);
}

/** An operator closes an open conversation; the player can no longer write to it (and may open a new one). */
export async function closeConversation(
  db: Db,
  actor: AuditActor & { userId: number },
  id: number,
  now: Date,
): Promise<AdminSupportDetail> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.closeConversation(trx, id, actor.userId, now))) {
      throw new AppError((await repo.findConversation(trx, id)) ? 'SUPPORT_CLOSED' : 'SUPPORT_NOT_FOUND');
    }
    await writeAudit(trx, actor, 'support.close', `support:${id}`, { status: 'open' }, { status: 'closed' });
  });
  return operatorDetail(db, id);
}

/**
 * Whether the reader may see image `name` of conversation `id`: the conversation's own player, or any operator
 * (`userId` undefined), and only a name attached to that conversation. Anything else → 404 as for an unknown id.
 */
export async function checkImage(db: Db, id: number, name: string, userId?: number): Promise<void> {
  const row = await repo.findConversation(db, id, userId);
  if (!row || !(await repo.hasImage(db, id, name))) throw new AppError('SUPPORT_NOT_FOUND');
}
