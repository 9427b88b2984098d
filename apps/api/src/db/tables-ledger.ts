import type { ColumnType, Generated } from 'kysely';
import type { LedgerAccountKind, LedgerTransactionKind } from '@fairdraw/domain';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A time the code writes on insert from the app's clock (no database default: `now()` is another clock; 0040). */
type StampedAt = ColumnType<Date, Date | string, never>;

/** One row per ledger account; `key` is the domain's accountKey ('player_cash:42', 'house'). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  key: string;
  kind: LedgerAccountKind;
  user_id: number | null;
  /** Cached balance, kept equal to the sum of the account's postings (ledgerCheck verifies it). */
  balance: ColumnType<number, number | undefined, never>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: LedgerTransactionKind;
  /** The business event, e.g. 'deposit:17'; unique with kind, so one event never posts twice. */
  reference: string;
  /** When it was posted, on the app's clock: the report's business days are cut by this time. */
  created_at: StampedAt;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  actor_account: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  status: 'in_flight' | 'done';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  /** The answer exactly as it was sent (idempotency.ts); a replay sends these bytes again. */
  response_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bet slip an idempotent POST /api/game/bet placed (claimed with it, in the same transaction). */
  bet_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** Operator-editable settings, key → jsonb value (withdraw_fee, withdraw_min, withdraw_max). */
export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}
