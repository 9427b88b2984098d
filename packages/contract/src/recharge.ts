import { z } from 'zod';
import { minorAmount, pageQuery, rowId } from './common.ts';

/** The largest time a JavaScript Date holds (ECMA-262: ±8.64 × 10¹⁵ ms around the epoch). */
const MAX_DATE_MS = 8_640_000_000_000_000;
import { cryptoCoin } from './payout-methods.ts';
import { CHANNEL_TYPES, RECHARGE_RANGES } from './values.ts';

/** A deposit channel as the player sees it, with what they need to pay into it. */
export const rechargeChannel = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  /** In the request's language: the channel's name in it when the operator gave one, else its plain name. */
  name: z.string(),
  /**
   * A demo channel of the seed: its payment details are examples nobody may pay into (the bank's payee and bank are
   * placeholders, not names), so the site shows a warning, and those two placeholders, in the player's language.
   */
  demo: z.boolean(),
  min: minorAmount,
  max: minorAmount,
  /** bank: the house account to transfer to. */
  bank: z.object({ payee: z.string(), account_number: z.string(), bank: z.string() }).nullable(),
  /** crypto: the house address to send to (also shown as a QR code). */
  crypto: z.object({ coin: cryptoCoin, address: z.string() }).nullable(),
  /** What the player pays in: PIX BRL, USDT channels USDT, a bank transfer the site's currency. */
  currency: z.string(),
  /**
   * When `currency` is not the site's: its major units per one major unit of the site's currency, a decimal string
   * ("0.155"); the amount to pay is domain toChannelAmount (rounded up to the channel's minor unit). Else null.
   */
  rate: z.string().nullable(),
});
export type RechargeChannel = z.infer<typeof rechargeChannel>;

/** How far past the server's clock a transfer's stated time may be (devices' clocks drift); later is refused. */
export const DEPOSIT_TIME_SKEW_MS = 10 * 60_000;

/**
 * A deposit request. Everything is optional in the schema because the server checks in the order the player
 * fills the form — channel, then amount, then the channel's own fields — and names the first missing thing.
 */
export const rechargeSubmitRequest = z.object({
  channel_id: rowId('CHANNEL_NOT_FOUND').optional(),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  // bank transfer
  payee: z.string().trim().max(60).optional(),
  account_number: z.string().trim().max(40).optional(),
  bank: z.string().trim().max(60).optional(),
  // Epoch ms within what a Date holds: the operator's queue shows it as a date.
  deposit_time: z.number().int().min(0).max(MAX_DATE_MS).optional(),
  payer_name: z.string().trim().max(60).optional(),
  // crypto
  tx_hash: z.string().trim().max(100).optional(),
});
export type RechargeSubmitRequest = z.infer<typeof rechargeSubmitRequest>;

export const DEPOSIT_STATUSES = ['pending', 'success', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const deposit = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  channel_type: z.enum(CHANNEL_TYPES),
  /** The channel's name in the request's language, as in the channel list. */
  channel_name: z.string(),
  /** In the site's currency: what the player is credited. */
  amount: minorAmount,
  /** What the player pays, in minor units of `channel_currency`, converted at `rate` (null: the same currency). */
  channel_currency: z.string(),
  channel_amount: minorAmount,
  rate: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  /** pix: the BR Code ("copia e cola") to pay, also shown as a QR code. */
  br_code: z.string().nullable(),
  /** crypto: where the player sent the coins, and the transaction they named. */
  pay_address: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** bank: what the player said about their transfer. */
  transfer: z
    .object({
      payee: z.string(),
      account_number: z.string(),
      bank: z.string(),
      deposit_time: z.number().int(),
      payer_name: z.string(),
    })
    .nullable(),
});
export type Deposit = z.infer<typeof deposit>;

export const rechargeListQuery = pageQuery.extend({ range: z.enum(RECHARGE_RANGES).default('today') });
