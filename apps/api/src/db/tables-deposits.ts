import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ChannelType, CryptoCoin, DepositStatus } from '@fairdraw/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type BankChannelConfig = { payee: string; account_number: string; bank: string };
export type CryptoChannelConfig = { coin: CryptoCoin; address: string };
export type PixChannelConfig = { key: string; merchant_name: string; merchant_city: string };
export type ChannelConfig = BankChannelConfig | CryptoChannelConfig | PixChannelConfig;

export interface RechargeChannelsTable {
  id: Generated<number>;
  type: ChannelType;
  name: string;
  enabled: boolean;
  min: number;
  max: number;
  sort: number;
  config: JSONColumnType<ChannelConfig, string, string>;
}

export type DepositTransfer = {
  payee: string;
  account_number: string;
  bank: string;
  deposit_time: number;
  payer_name: string;
};

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  amount: number;
  status: DepositStatus;
  reason: string | null;
  transfer: JSONColumnType<DepositTransfer | null, string | null, string | null>;
  /** crypto: the house address shown to the player when they submitted. */
  pay_address: string | null;
  tx_hash: string | null;
  br_code: string | null;
  provider: string | null;
  /** The provider's event id; unique, so one provider event credits at most one deposit once. */
  provider_ref: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: number | null;
}
