import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { PayoutMethod, WithdrawalStatus } from '@fairdraw/contract';

/** Tables of migration 2026_11_22_0006_withdrawals. */

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  payout_method_id: number;
  /** The payout method as the player saw it (masked, contract payoutMethod) when the withdrawal was requested. */
  payout: JSONColumnType<PayoutMethod, string, never>;
  /** What the player receives; `fee` is held on top of it (withdrawals_pending holds amount + fee). */
  amount: number;
  fee: number;
  status: ColumnType<WithdrawalStatus, WithdrawalStatus | undefined, WithdrawalStatus>;
  /** The operator's reason for a rejection, shown to the player. */
  reason: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  decided_at: Date | null;
  decided_by: number | null;
}

export type WithdrawalRow = Selectable<WithdrawalsTable>;
