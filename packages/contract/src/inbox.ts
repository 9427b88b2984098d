import { z } from 'zod';
import { paged, pageQuery, required } from './common.ts';
import type { Lang } from './langs.ts';

/**
 * Messages. A player's inbox holds system messages, operator messages to that player, and operator
 * broadcasts to all players. A system message is stored as a kind and its parameters and worded in the reader's
 * language when it is read (texts: ../locales/<lang>/messages.json, one entry per kind with a title and a body,
 * {{param}} interpolation); an operator's message is shown as written.
 */
export const MESSAGE_KINDS = [
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'big_win',
  'kyc_approved',
  'kyc_rejected',
  'limit_effective',
  'login_blocked',
  'two_factor_removed',
  'chase_stopped',
  'operator',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The kinds the system sends (every kind but an operator's message). */
export type SystemMessageKind = Exclude<MessageKind, 'operator'>;

/**
 * A stored parameter: an amount in minor units, an id, a currency code, a reason as written, null, or a name in
 * several languages (a game's name: the reader's language is picked, Thai when missing).
 */
export type MessageParam = string | number | null | (Partial<Record<Lang, string>> & { th: string });
export type MessageParams = Record<string, MessageParam>;

/**
 * What each system kind carries. Amounts are minor units of `currency` (the site's currency when absent);
 * `reason` is the operator's words, shown as written; a limit's `amount` null means the limit was removed.
 */
export type SystemMessageParams = {
  deposit_credited: { deposit_id: number; amount: number; currency?: string };
  deposit_rejected: { deposit_id: number; amount: number; currency?: string; reason: string | null };
  withdrawal_paid: { withdrawal_id: number; amount: number; currency?: string };
  withdrawal_rejected: { withdrawal_id: number; amount: number; currency?: string; reason: string | null };
  big_win: {
    slip_id: number;
    amount: number;
    currency?: string;
    game: Partial<Record<Lang, string>> & { th: string };
    issue: string;
  };
  kyc_approved: Record<string, never>;
  kyc_rejected: { reason: string | null };
  limit_effective: {
    limit: 'deposit' | 'loss' | 'stake';
    period: 'day' | 'week' | 'month';
    amount: number | null;
    currency?: string;
  };
  /** A client was locked out of the account after failed sign-ins: its IP, and the time as "YYYY-MM-DD HH:mm UTC". */
  login_blocked: { ip: string; time: string };
  /** An operator removed the account's two-step verification (lost phone and codes): the time, as above. */
  two_factor_removed: { time: string };
  /**
   * A chase stopped because a period's slip was refused when it was placed: `why` is the refusal's error key
   * (SELF_EXCLUDED, ACCOUNT_FROZEN, PERIOD_LIMIT_REACHED, STAKE_LIMIT_REACHED, LOSS_LIMIT_REACHED, or another: the
   * game or its plays changed); `amount` went back to the balance for `periods` periods not placed.
   */
  chase_stopped: {
    chase_id: number;
    amount: number;
    currency?: string;
    periods: number;
    game: Partial<Record<Lang, string>> & { th: string };
    why: string;
  };
};

/** The lengths an operator's message may have. */
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;

/**
 * A message's id in the API: 'm' + a player message's row id, or 'b' + a broadcast's row id (two tables, one
 * inbox). Anything else names no message.
 */
export const messageId = z
  .string(required)
  .max(12, 'MESSAGE_NOT_FOUND')
  .regex(/^[mb][1-9]\d{0,9}$/, 'MESSAGE_NOT_FOUND')
  .refine((s) => Number(s.slice(1)) <= 2_147_483_647, 'MESSAGE_NOT_FOUND');

export const messageItem = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  /** true for a message to all players. */
  broadcast: z.boolean(),
  title: z.string(),
  body: z.string(),
  /** Epoch ms when it was sent. */
  at: z.number().int(),
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const inboxListQuery = pageQuery;
export const inboxList = paged(messageItem).extend({ unread: z.number().int() });
export type InboxList = z.infer<typeof inboxList>;

export const inboxDetailQuery = z.object({ id: messageId });
/** Reading a message's detail marks it read. */
export const inboxDetail = messageItem;

/** Marks one message read (`id`) or all of them (`all: true`). */
export const inboxReadRequest = z
  .object({ id: messageId.optional(), all: z.literal(true, 'VALIDATION_FAILED').optional() })
  .refine((v) => (v.id === undefined) !== (v.all === undefined), 'REQUIRED_FIELDS');
export type InboxReadRequest = z.infer<typeof inboxReadRequest>;
export const inboxReadAnswer = z.object({ unread: z.number().int() });

export const inboxUnread = z.object({ unread: z.number().int() });
export type InboxUnread = z.infer<typeof inboxUnread>;

/** Operator: a message to one player (by account) or to all players. */
export const adminMessageSendRequest = z
  .object({
    to: z.enum(['one', 'all'], 'VALIDATION_FAILED'),
    account: z.string().trim().max(20, 'MESSAGE_RECIPIENT_NOT_FOUND').optional(),
    title: z.string(required).trim().min(1, 'MESSAGE_TITLE_FORMAT').max(MESSAGE_TITLE_MAX, 'MESSAGE_TITLE_FORMAT'),
    body: z.string(required).trim().min(1, 'MESSAGE_BODY_FORMAT').max(MESSAGE_BODY_MAX, 'MESSAGE_BODY_FORMAT'),
  })
  .refine((v) => v.to === 'all' || (v.account ?? '') !== '', {
    message: 'MESSAGE_RECIPIENT_REQUIRED',
    path: ['account'],
  });
export type AdminMessageSendRequest = z.infer<typeof adminMessageSendRequest>;
export const adminMessageSendAnswer = z.object({ id: z.string(), to: z.enum(['one', 'all']) });
export type AdminMessageSendAnswer = z.infer<typeof adminMessageSendAnswer>;
