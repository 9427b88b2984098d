import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { MessageKind, MessageParams } from '@fairdraw/contract';

/** Tables of migration 2026_11_23_0023_messages. */

/** One message to one player: a system message (kind + params) or an operator's (kind 'operator'). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  kind: MessageKind;
  params: JSONColumnType<MessageParams, string, string>;
  created_at: ColumnType<Date, Date, never>;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One operator message to all players; read marks in broadcast_reads. */
export interface BroadcastsTable {
  id: Generated<number>;
  title: string;
  body: string;
  sent_by: number;
  created_at: ColumnType<Date, Date, never>;
}

export interface BroadcastReadsTable {
  broadcast_id: number;
  user_id: number;
  read_at: Date;
}

export type MessageRow = Selectable<MessagesTable>;
export type BroadcastRow = Selectable<BroadcastsTable>;
