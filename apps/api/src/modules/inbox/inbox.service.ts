import { renderSystemMessage } from '@fairdraw/contract';
import type {
  AdminMessageSendAnswer,
  AdminMessageSendRequest,
  Lang,
  MessageItem,
  InboxList,
  InboxReadRequest,
  SystemMessageKind,
  SystemMessageParams,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { readSetting } from '../../db/settings.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './inbox.repository.ts';
import type { InboxRow } from './inbox.repository.ts';

/**
 * Messages: a player's inbox of system messages, operator messages and broadcasts.
 *
 * For other modules: `sendSystemMessage(trx, userId, kind, params, now)` stores a system message inside the
 * caller's transaction, so the message exists exactly when the cause (a credited deposit, a paid withdrawal, a
 * decided KYC, …) commits. It stores the kind and parameters only; the words are chosen when the player reads it,
 * in the language of that request.
 */
export async function sendSystemMessage<K extends SystemMessageKind>(
  trx: Db,
  userId: number,
  kind: K,
  params: SystemMessageParams[K],
  now: Date,
): Promise<void> {
  await repo.insertMessage(trx, { user_id: userId, kind, params, created_at: now });
}

/** Big-win messages are sent for a cash payout of at least this (minor units) unless the setting says otherwise. */
export const DEFAULT_BIG_WIN_THRESHOLD = 100_000;

/** The payout (minor units) from which a cash win gets a message. */
export async function bigWinThreshold(db: Db): Promise<number> {
  return (await readSetting(db, 'big_win_threshold')) ?? DEFAULT_BIG_WIN_THRESHOLD;
}

/**
 * The win messages of one settled period: one 'big_win' per paying cash slip whose payout reaches the threshold
 * (setting 'big_win_threshold', minor units; DEFAULT_BIG_WIN_THRESHOLD when unset), inside the settlement's
 * transaction. `wins` are the period's paying cash slips; the game's name is stored in every language.
 */
export async function sendBigWinMessages(
  trx: Db,
  gameId: number,
  issue: string,
  wins: readonly { slipId: number; userId: number; amount: number }[],
  now: Date,
): Promise<number> {
  if (wins.length === 0) return 0;
  const threshold = await bigWinThreshold(trx);
  const big = wins.filter((w) => w.amount >= threshold);
  if (big.length === 0) return 0;
  const game = await repo.gameName(trx, gameId);
  await repo.insertMessages(
    trx,
    big.map((w) => ({
      user_id: w.userId,
      kind: 'big_win' as const,
      params: { slip_id: w.slipId, amount: w.amount, game, issue },
      created_at: now,
    })),
  );
  return big.length;
}

/** The reader: who they are and when their account was opened (a broadcast reaches accounts opened by then). */
export type Reader = { id: number; createdAt: Date };

/** How a reader sees texts: their language, and the site's currency for amounts. */
export type Wording = { lang: Lang; site: string };

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

function toItem(row: InboxRow, { lang, site }: Wording): MessageItem {
  const text =
    row.kind === 'operator'
      ? row.src === 'b'
        ? { title: row.title ?? '', body: row.body ?? '' }
        : { title: textOf(row.params.title), body: textOf(row.params.body) }
      : renderSystemMessage(row.kind, row.params, lang, site);
  return {
    id: `${row.src}${row.id}`,
    kind: row.kind,
    broadcast: row.src === 'b',
    title: text.title,
    body: text.body,
    at: row.created_at.getTime(),
    read: row.read,
  };
}

export async function unreadCount(db: Db, reader: Reader, now: Date): Promise<number> {
  return repo.countUnread(db, reader.id, reader.createdAt, now);
}

export async function listMessages(
  db: Db,
  reader: Reader,
  wording: Wording,
  page: number,
  limit: number,
  now: Date,
): Promise<InboxList> {
  const rows = await repo.listInbox(db, reader.id, reader.createdAt, now, (page - 1) * limit, limit + 1);
  return {
    list: rows.slice(0, limit).map((row) => toItem(row, wording)),
    page,
    limit,
    has_more: rows.length > limit,
    unread: await unreadCount(db, reader, now),
  };
}

async function find(db: Db, reader: Reader, id: string, now: Date): Promise<InboxRow> {
  const n = Number(id.slice(1));
  const row = id.startsWith('m')
    ? await repo.findMessage(db, reader.id, n)
    : await repo.findBroadcast(db, reader.id, reader.createdAt, now, n);
  // Another player's message answers what a missing one does: nothing tells that it exists.
  if (!row) throw new AppError('MESSAGE_NOT_FOUND');
  return row;
}

async function markRead(db: Db, reader: Reader, row: InboxRow, now: Date): Promise<void> {
  if (row.read) return;
  if (row.src === 'm') await repo.markMessageRead(db, reader.id, row.id, now);
  else await repo.markBroadcastRead(db, reader.id, row.id, now);
}

/** One message in the reader's language; opening it marks it read. */
export async function messageDetail(
  db: Db,
  reader: Reader,
  id: string,
  wording: Wording,
  now: Date,
): Promise<MessageItem> {
  const row = await find(db, reader, id, now);
  await markRead(db, reader, row, now);
  return toItem({ ...row, read: true }, wording);
}

/** Marks one message or all read; answers the unread count left. */
export async function readMessages(
  db: Db,
  reader: Reader,
  request: InboxReadRequest,
  now: Date,
): Promise<{ unread: number }> {
  if (request.id !== undefined) await markRead(db, reader, await find(db, reader, request.id, now), now);
  else await repo.markAllRead(db, reader.id, reader.createdAt, now);
  return { unread: await unreadCount(db, reader, now) };
}

/** Operator: a message to one player (by account) or a broadcast to all players; audited in the same transaction. */
export async function adminSend(
  db: Db,
  actor: AuditActor & { userId: number },
  request: AdminMessageSendRequest,
  now: Date,
): Promise<AdminMessageSendAnswer> {
  return db.transaction().execute(async (trx) => {
    if (request.to === 'all') {
      const row = await repo.insertBroadcast(trx, {
        title: request.title,
        body: request.body,
        sent_by: actor.userId,
        created_at: now,
      });
      await writeAudit(trx, actor, 'msg.broadcast', `broadcast:${row.id}`, null, { title: request.title });
      return { id: `b${row.id}`, to: 'all' };
    }
    const player = await repo.findPlayerByAccount(trx, request.account ?? '');
    if (!player) throw new AppError('MESSAGE_RECIPIENT_NOT_FOUND', { field: 'account' });
    const row = await repo.insertMessage(trx, {
      user_id: player.id,
      kind: 'operator',
      params: { title: request.title, body: request.body },
      created_at: now,
    });
    await writeAudit(trx, actor, 'msg.send', `user:${player.id}`, null, { message: row.id, title: request.title });
    return { id: `m${row.id}`, to: 'one' };
  });
}
