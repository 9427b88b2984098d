/**
 * The withdrawal fee: a fixed part plus a percentage of the amount (in basis points, ten-thousandths, rounded up
 * to the next minor unit), clamped to [min, max]. Computed exactly in integers.
 */
import { minor, MoneyError, type Minor } from './money.ts';

export type WithdrawalFeeRule = {
  /** Percentage in ten-thousandths: 150 = 1.5 %. */
  readonly percentBps: number;
  readonly fixed: Minor;
  readonly min: Minor;
  /** No upper bound when null. */
  readonly max: Minor | null;
};

/** Throws MoneyError when the rule cannot be applied: negative or fractional parts, or max below min. */
export function checkWithdrawalFeeRule(rule: WithdrawalFeeRule): WithdrawalFeeRule {
  if (!Number.isSafeInteger(rule.percentBps) || rule.percentBps < 0) {
    throw new MoneyError(`percentBps must be a non-negative integer: ${rule.percentBps}`);
  }
  minor(rule.fixed);
  minor(rule.min);
  if (rule.max !== null) {
    minor(rule.max);
    if (rule.max < rule.min) throw new MoneyError(`fee max ${rule.max} is below min ${rule.min}`);
  }
  return rule;
}

/** fixed + ceil(amount × percentBps / 10000), clamped to [min, max]. */
export function withdrawalFee(amount: Minor, rule: WithdrawalFeeRule): Minor {
  minor(amount);
  checkWithdrawalFeeRule(rule);
  const percent = (BigInt(amount) * BigInt(rule.percentBps) + 9999n) / 10000n;
  let fee = BigInt(rule.fixed) + percent;
  if (fee < BigInt(rule.min)) fee = BigInt(rule.min);
  if (rule.max !== null && fee > BigInt(rule.max)) fee = BigInt(rule.max);
  if (fee > BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyError('fee out of range');
  return Number(fee) as Minor;
}

/** The largest amount whose amount + fee fits in `available` (a withdrawal's "All"); 0 when not even the fee fits. */
export function maxWithdrawable(available: Minor, rule: WithdrawalFeeRule): Minor {
  minor(available);
  if (withdrawalFee(minor(0), rule) > available) return minor(0);
  let lo = 0;
  let hi: number = available;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mid + withdrawalFee(mid as Minor, rule) <= available) lo = mid;
    else hi = mid - 1;
  }
  return lo as Minor;
}
