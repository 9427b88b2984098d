import { z } from 'zod';
import { minorAmount } from './common.ts';
import { bonusLockData } from './bonus.ts';

/** Withdrawal fee: fixed + ceil(amount × percent_bps / 10000), clamped to [min, max]; all minor units. */
export const feeRule = z.object({
  percent_bps: z.number().int().min(0).max(10_000),
  fixed: minorAmount,
  min: minorAmount,
  max: minorAmount.nullable(),
});
export type FeeRule = z.infer<typeof feeRule>;

/**
 * The player's wallet: balance, total assets, fee, available. `balance` is the playable cash
 * (or play money when `demo`), `frozen` what pending withdrawals hold, `total_assets` = balance + frozen,
 * `available` what can be withdrawn or staked now.
 */
export const walletData = z.object({
  balance: minorAmount,
  frozen: minorAmount,
  total_assets: minorAmount,
  available: minorAmount,
  currency: z.string(),
  /** Digits after the decimal point of `currency` (THB 2): amounts are integers of 10^-exponent units. */
  exponent: z.number().int().min(0).max(4),
  /** True for a guest: play money that can be bet but never deposited, withdrawn or moved to cash. */
  demo: z.boolean(),
  fee: feeRule,
  withdraw_min: minorAmount,
  withdraw_max: minorAmount,
  /**
   * The claimed rebates still held back from withdrawal (modules/bonus): `locked` of the balance cannot be
   * withdrawn until `progress` (settled stakes since the claim) reaches `requirement`; it can be staked.
   */
  bonus: bonusLockData,
  /** What a withdrawal may take now: balance − bonus.locked (never below 0). */
  withdrawable: minorAmount,
});
export type WalletData = z.infer<typeof walletData>;
