import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ChannelNameTranslations, ChannelType, CryptoCoin, DepositStatus } from '@fairdraw/contract';
import type { CurrencyCode } from '@fairdraw/domain';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A nullable column that may be left out of an insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type BankChannelConfig = { payee: string; account_number: string; bank: string };
export type CryptoChannelConfig = { coin: CryptoCoin; address: string };
export type PixChannelConfig = { key: string; merchant_name: string; merchant_city: string };
export type ChannelConfig = BankChannelConfig | CryptoChannelConfig | PixChannelConfig;

export interface RechargeChannelsTable {
  id: Generated<number>;
  type: ChannelType;
  /** The plain name, for every language without one of its own in name_translations. */
  name: string;
  /** The name per language (migration 0041; {} for none): what a player in that language sees. */
  name_translations: ColumnType<ChannelNameTranslations, string | undefined, string>;
  /** A demo channel of the seed: example payment details, never to be paid (0041); false once they are changed. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  enabled: boolean;
  min: number;
  max: number;
  sort: number;
  config: JSONColumnType<ChannelConfig, string, string>;
  /** null: the site's CURRENCY. */
  currency: Nullable<CurrencyCode>;
  /** Operator-set, when the currency differs from the site's: channel major units per site major unit (domain exchange-rate.ts). */
  rate: Nullable<string>;
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
  /** Site currency, minor units: what the player is credited. */
  amount: number;
  /** The channel's currency when the deposit was made; null: the site's CURRENCY. */
  channel_currency: Nullable<CurrencyCode>;
  /** What the player pays, minor units of channel_currency (= amount in the site's currency). */
  channel_amount: number;
  /** The rate amount was converted at; null in the site's currency. */
  rate: Nullable<string>;
  status: DepositStatus;
  reason: string | null;
  transfer: JSONColumnType<DepositTransfer | null, string | null, string | null>;
  /** crypto: the house address shown to the player when they submitted. */
  pay_address: string | null;
  /** crypto: the hash as the player typed it (trimmed). */
  tx_hash: string | null;
  /** crypto: the channel's coin (the network) when the deposit was made. */
  tx_network: Nullable<CryptoCoin>;
  /** crypto: the hash in one spelling (domain normalizeTxHash); unique per network unless tx_hash_duplicate_of is set. */
  tx_hash_norm: Nullable<string>;
  /** A deposit stored before migration 0034 that named the transfer of this earlier deposit; never approved. */
  tx_hash_duplicate_of: Nullable<number>;
  br_code: string | null;
  provider: string | null;
  /** The provider's event id; unique, so one provider event credits at most one deposit once. */
  provider_ref: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: number | null;
}

export interface PaymentProviderSecretsTable {
  provider: string;
  secret: string;
  created_at: CreatedAt;
}
