import type { FeeRule } from '@fairdraw/contract';
import { AmountError, formatDecimal, parseDecimal } from '@fairdraw/domain/currency';
import { maxWithdrawable as domainMaxWithdrawable, withdrawalFee as domainFee } from '@fairdraw/domain/fees';
import type { WithdrawalFeeRule } from '@fairdraw/domain/fees';
import type { Minor } from '@fairdraw/domain/money';

// The rules (reading and writing amounts, the fee) are the domain's, the same code the API runs; this file only
// adapts them to what a form needs (an empty field is not an error) and to the contract's shapes.

/** What an amount field holds: nothing yet, something that is not an amount, or an integer of minor units. */
export type ParsedAmount = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; minor: number };

/**
 * Reads an amount typed as decimal text ('100', '1,234.5', ' 20.00 ', '.5') into integer minor units of a currency
 * with `exponent` decimals (the domain's parseDecimal: commas only in groups of three, no sign, no more decimals
 * than the currency has).
 */
export function parseAmount(text: string, exponent: number): ParsedAmount {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'ok', minor: parseDecimal(text, exponent) };
  } catch (e) {
    if (e instanceof AmountError) return { kind: 'invalid' };
    throw e;
  }
}

/** Minor units back to plain decimal text for an input ('1234.50' for 123450 at exponent 2). */
export const toAmountText = (minor: number, exponent: number): string => formatDecimal(minor, exponent);

// The display formatter lives in format.ts (Home needs it without the fee rules); re-exported for the forms.
export { formatAmount } from './format.ts';

const domainRule = (rule: FeeRule): WithdrawalFeeRule => ({
  percentBps: rule.percent_bps,
  fixed: rule.fixed as Minor,
  min: rule.min as Minor,
  max: rule.max as Minor | null,
});

/**
 * The withdrawal fee (the domain's withdrawalFee, the API's own). A fee the domain cannot compute (an amount so
 * large the fee leaves the safe integers) is Infinity: more than any balance, so the form refuses it.
 */
export function withdrawalFee(amount: number, rule: FeeRule): number {
  try {
    return domainFee(amount as Minor, domainRule(rule));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The largest amount whose amount + fee fits in `available` (the "All" button of a withdrawal). */
export const maxWithdrawable = (available: number, rule: FeeRule): number =>
  domainMaxWithdrawable(available as Minor, domainRule(rule));

/**
 * A percentage typed as decimal text ('1.5', '0,25' is invalid) into ten-thousandths (basis points: 1.5 % → 150),
 * at most two decimals and at most 100 %.
 */
export function parsePercent(text: string): ParsedAmount {
  const parsed = parseAmount(text.replace(/%\s*$/, ''), 2);
  return parsed.kind === 'ok' && parsed.minor > 10_000 ? { kind: 'invalid' } : parsed;
}

/** Basis points back to percent text without trailing zeros (150 → '1.5', 100 → '1', 5 → '0.05'). */
export function toPercentText(bps: number): string {
  return toAmountText(bps, 2).replace(/\.?0+$/, '');
}
