import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SupportStatus } from '@fairdraw/contract';

/** Tables of migration 2026_11_23_0024_support. */

export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  status: ColumnType<SupportStatus, SupportStatus | undefined, SupportStatus>;
  created_at: ColumnType<Date, Date, never>;
  last_message_at: ColumnType<Date, Date, Date>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author: 'player' | 'operator';
  author_id: number;
  body: string;
  image: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date, never>;
}

export type SupportConversationRow = Selectable<SupportConversationsTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable>;
