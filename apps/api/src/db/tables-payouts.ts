import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { CryptoCoin, PixKeyType } from '@fairdraw/contract';

/** Tables of migration 2026_11_22_0004_payouts (users.fund_password_hash is in UsersTable). */

export type PayoutMethodType = 'bank' | 'crypto' | 'pix';

/** card_number: digits only (spaces and dashes removed); shown masked. */
export type BankDetails = { name: string; bank_name: string; card_number: string };
/** address as entered (trimmed): EIP-55 mixed case carries its checksum. */
export type CryptoDetails = { alias: string; coin: CryptoCoin; address: string };
/** key: the normalized key of classifyPixKey (digits for CPF/CNPJ, +55… for phone, lower-case e-mail and UUID). */
export type PixDetails = { key_type: PixKeyType; key: string };
export type PayoutDetails = BankDetails | CryptoDetails | PixDetails;

export interface PayoutMethodsTable {
  id: Generated<number>;
  user_id: number;
  type: PayoutMethodType;
  details: JSONColumnType<PayoutDetails, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Wrong fund passwords, one row per user: `failures` within the window from `window_started_at`; a lock ends at `locked_until`. */
export interface FundPasswordAttemptsTable {
  user_id: number;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export type PayoutMethodRow = Selectable<PayoutMethodsTable>;
