import type { FeeRule, Lang } from '@fairdraw/contract';
import { INTL_LOCALE } from './format.ts';

/** What an amount field holds: nothing yet, something that is not an amount, or an integer of minor units. */
export type ParsedAmount = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; minor: number };

/**
 * Reads an amount typed as decimal text ('100', '1,234.5', ' 20.00 ') into integer minor units of a currency with
 * `exponent` decimals. Grouping commas and spaces are ignored; a sign, more decimals than the currency has, or
 * anything else is invalid. Exact: no floating point on the way.
 */
export function parseAmount(text: string, exponent: number): ParsedAmount {
  const clean = text.replace(/[\s,\u00a0]/g, '');
  if (clean === '') return { kind: 'empty' };
  const m = /^(\d*)(?:\.(\d*))?$/.exec(clean);
  if (!m) return { kind: 'invalid' };
  const whole = m[1] ?? '';
  const frac = m[2] ?? '';
  if (whole === '' && frac === '') return { kind: 'invalid' };
  if (frac.length > exponent) return { kind: 'invalid' };
  const digits = (whole + frac.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) return { kind: 'invalid' };
  return { kind: 'ok', minor };
}

/** Minor units back to plain decimal text for an input ('1234.50' for 123450 at exponent 2). */
export function toAmountText(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const s = String(minor).padStart(exponent + 1, '0');
  return `${s.slice(0, -exponent)}.${s.slice(-exponent)}`;
}

/** Minor units shown with the locale and the wallet's currency, using the wallet's exponent (not Intl's guess). */
export function formatAmount(minor: number, currency: string, exponent: number, lang: Lang): string {
  const value = Number(toAmountText(minor, exponent));
  try {
    return new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(value);
  } catch {
    // Not an ISO currency (e.g. play money 'DEMO'): the number and the code.
    const n = new Intl.NumberFormat(INTL_LOCALE[lang], {
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(value);
    return `${n} ${currency}`;
  }
}

/** The withdrawal fee, the server's formula: fixed + ceil(amount × percent_bps / 10000), clamped to [min, max]. */
export function withdrawalFee(amount: number, rule: FeeRule): number {
  const pct = amount * rule.percent_bps;
  const percentPart = Number.isSafeInteger(pct)
    ? Math.ceil(pct / 10_000)
    : Number((BigInt(amount) * BigInt(rule.percent_bps) + 9_999n) / 10_000n);
  const fee = Math.max(rule.min, rule.fixed + percentPart);
  return rule.max === null ? fee : Math.min(rule.max, fee);
}

/** The largest amount whose amount + fee fits in `available` (the "All" button of a withdrawal). */
export function maxWithdrawable(available: number, rule: FeeRule): number {
  let lo = 0;
  let hi = available;
  if (withdrawalFee(0, rule) > available) return 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mid + withdrawalFee(mid, rule) <= available) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

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
