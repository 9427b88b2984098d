import { z } from 'zod';
import { pageQuery, queryRowId, required, rowId } from './common.ts';

/** Support conversations (the Support tab): a player writes, operators answer and close. */

/** Longest message, subject and the number of open conversations one player may have at once. */
export const SUPPORT_MESSAGE_MAX = 1000;
export const SUPPORT_SUBJECT_MAX = 60;
export const SUPPORT_OPEN_MAX = 3;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

const subject = z
  .string(required)
  .trim()
  .min(1, 'REQUIRED_FIELDS')
  .max(SUPPORT_SUBJECT_MAX, 'SUPPORT_SUBJECT_TOO_LONG');
const body = z.string(required).trim().min(1, 'REQUIRED_FIELDS').max(SUPPORT_MESSAGE_MAX, 'SUPPORT_MESSAGE_TOO_LONG');

export const supportOpenRequest = z.object({ subject, body });
export type SupportOpenRequest = z.infer<typeof supportOpenRequest>;

/**
 * A reply: JSON `{id, body}`, or multipart with the fields `id` and `body` and one file `image` (JPEG, PNG or WebP,
 * at most 5 MB). `body` may be empty only when an image comes with it.
 */
export const supportReplyRequest = z.object({
  id: rowId('SUPPORT_NOT_FOUND'),
  body: z.string(required).trim().max(SUPPORT_MESSAGE_MAX, 'SUPPORT_MESSAGE_TOO_LONG'),
});
export type SupportReplyRequest = z.infer<typeof supportReplyRequest>;

export const supportCloseRequest = z.object({ id: rowId('SUPPORT_NOT_FOUND') });

/** `image`: the stored name of an image of this conversation; the answer is then that image, not JSON. */
export const supportDetailQuery = z.object({
  id: queryRowId('SUPPORT_NOT_FOUND'),
  image: z.string().max(40, 'VALIDATION_FAILED').optional(),
});

export const supportListQuery = pageQuery;
export const adminSupportListQuery = pageQuery.extend({ status: z.enum(SUPPORT_STATUSES).default('open') });

/** One message of a conversation; `from` says who wrote it (an operator's own name is not shown to the player). */
export const supportMessage = z.object({
  id: z.number().int(),
  from: z.enum(['player', 'operator']),
  body: z.string(),
  /** The stored name of an attached image (fetch it with `detail?id=&image=`), or null. */
  image: z.string().nullable(),
  created_at: z.number().int(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** A conversation in a list: `unread` counts operator replies after the player's last look. */
export const supportConversation = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  last_message: z.string(),
  last_message_at: z.number().int(),
  created_at: z.number().int(),
  closed_at: z.number().int().nullable(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const supportDetail = supportConversation.extend({ messages: z.array(supportMessage) });
export type SupportDetail = z.infer<typeof supportDetail>;

/** What the operator sees: the conversation with its player. */
export const adminSupportConversation = supportConversation.extend({
  user: z.object({ user_id: z.number().int(), account: z.string(), nickname: z.string() }),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversation>;

export const adminSupportDetail = adminSupportConversation.extend({ messages: z.array(supportMessage) });
export type AdminSupportDetail = z.infer<typeof adminSupportDetail>;
