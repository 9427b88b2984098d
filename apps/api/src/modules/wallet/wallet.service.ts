import { CURRENCIES } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import type { WalletData, WithdrawSettings } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { bonusLockOf } from '../bonus/bonus.service.ts';
import { readSettings } from '../../db/settings.ts';

/** Defaults, also seeded into `settings` by migration 0003: no fee; withdrawals of 100.00 to 50,000.00. */
export const DEFAULT_WITHDRAW_SETTINGS: WithdrawSettings = {
  fee: { percent_bps: 0, fixed: 0, min: 0, max: null },
  min: 10_000,
  max: 5_000_000,
  require_kyc: false,
};

/**
 * The withdrawal fee rule and limits from the `settings` table (keys withdraw_fee, withdraw_min, withdraw_max), and
 * whether a withdrawal needs verified identity (withdraw_require_kyc; off by default).
 */
export async function getWithdrawSettings(db: Db): Promise<WithdrawSettings> {
  const s = await readSettings(db, ['withdraw_fee', 'withdraw_min', 'withdraw_max', 'withdraw_require_kyc']);
  return {
    fee: s.withdraw_fee ?? DEFAULT_WITHDRAW_SETTINGS.fee,
    min: s.withdraw_min ?? DEFAULT_WITHDRAW_SETTINGS.min,
    max: s.withdraw_max ?? DEFAULT_WITHDRAW_SETTINGS.max,
    require_kyc: s.withdraw_require_kyc === true,
  };
}

/**
 * The wallet: a player's cash (balance), what pending withdrawals hold (frozen) and their sum; a guest's play money
 * with demo: true; the bonus the claimed rebates still lock, and what can be withdrawn.
 */
export async function getWallet(db: Db, user: SessionUser, currency: CurrencyCode): Promise<WalletData> {
  const demo = user.isGuest;
  const [balances, settings, bonus] = await Promise.all([
    getBalances(db, user.id),
    getWithdrawSettings(db),
    demo ? { locked: 0, requirement: 0, progress: 0, left: 0 } : bonusLockOf(db, user.id),
  ]);
  const balance = demo ? balances.demo : balances.cash;
  const frozen = demo ? 0 : balances.pending;
  return {
    balance,
    frozen,
    total_assets: balance + frozen,
    available: balance,
    currency,
    exponent: CURRENCIES[currency].exponent,
    demo,
    fee: settings.fee,
    withdraw_min: settings.min,
    withdraw_max: settings.max,
    bonus,
    withdrawable: demo ? 0 : Math.max(0, balance - bonus.locked),
  };
}
