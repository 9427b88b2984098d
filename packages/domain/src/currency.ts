/**
 * Currencies the site handles and their minor-unit exponent (ISO 4217; USDT is no ISO code: it is counted here in
 * cents, as the site shows it and a player sends it, though its contracts have 6 decimals), with parsing of what a user types into an
 * amount field and plain formatting (no locale: "1234.50"; the web adds grouping and symbols for display). These
 * are the only parser and formatter of amounts: the API and the web both use them.
 */
import type { Minor } from './money.ts';

export type CurrencyCode = 'THB' | 'BRL' | 'USD' | 'VND' | 'CNY' | 'HKD' | 'JPY' | 'USDT';

export type Currency = { readonly code: CurrencyCode; readonly exponent: number };

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  THB: { code: 'THB', exponent: 2 },
  BRL: { code: 'BRL', exponent: 2 },
  USD: { code: 'USD', exponent: 2 },
  VND: { code: 'VND', exponent: 0 },
  CNY: { code: 'CNY', exponent: 2 },
  HKD: { code: 'HKD', exponent: 2 },
  JPY: { code: 'JPY', exponent: 0 },
  USDT: { code: 'USDT', exponent: 2 },
};

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCIES, value);
}

export function currencyExponent(currency: CurrencyCode): number {
  return CURRENCIES[currency].exponent;
}

/** Thrown by parseAmount; `key` is the error-catalogue key. */
export class AmountError extends Error {
  readonly key = 'AMOUNT_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

// Digits, plain or grouped by commas in threes, then an optional dot and decimals; one side of the dot may be empty
// ('7.' and '.5' are what people type), not both.
const AMOUNT = /^(?:(\d+)|(\d{1,3}(?:,\d{3})+))?(?:\.(\d*))?$/;

/**
 * The one reader of a typed amount: decimal text into integer minor units of a currency with `exponent` decimals.
 * "1,234.50" → 123450 at exponent 2. Accepts ASCII digits, comma thousands separators in proper groups of three
 * (so "1,50" is refused, not read as 150), a dot for decimals and surrounding spaces; rejects signs, more decimals
 * than `exponent`, empty or other input, and anything beyond Number.MAX_SAFE_INTEGER. Exact: no floating point.
 */
export function parseDecimal(text: string, exponent: number): Minor {
  const match = AMOUNT.exec(text.trim());
  const whole = (match?.[1] ?? match?.[2] ?? '').replaceAll(',', '');
  const decimals = match?.[3] ?? '';
  if (match === null || (whole === '' && decimals === '')) {
    throw new AmountError(`not an amount: ${JSON.stringify(text)}`);
  }
  if (decimals.length > exponent) throw new AmountError(`${exponent} decimals at most: ${JSON.stringify(text)}`);
  const value = BigInt(whole + decimals.padEnd(exponent, '0'));
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new AmountError(`amount too large: ${JSON.stringify(text)}`);
  return Number(value) as Minor;
}

/** parseDecimal with the currency's own exponent: "1,234.50" → 123450 (THB), "500" → 500 (JPY). */
export function parseAmount(text: string, currency: CurrencyCode): Minor {
  return parseDecimal(text, currencyExponent(currency));
}

/**
 * The one writer of an amount as plain decimal text (no locale): 123450 → "1234.50" at exponent 2, 5000 → "5000"
 * at exponent 0. Negative integers (balance deltas) get a leading "-". The web's display formatter adds the
 * locale's grouping and symbol on top of this text.
 */
export function formatDecimal(amount: Minor | number, exponent: number): string {
  if (!Number.isSafeInteger(amount)) throw new AmountError(`not an integer amount: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** formatDecimal with the currency's own exponent: 123450 → "1234.50" (THB), 5000 → "5000" (JPY). */
export function formatAmount(amount: Minor | number, currency: CurrencyCode): string {
  return formatDecimal(amount, currencyExponent(currency));
}

/** The exponent of a currency the site knows; 2 for any other code (a display then falls back to the code). */
export function exponentOf(currency: string): number {
  return isCurrencyCode(currency) ? currencyExponent(currency) : 2;
}
