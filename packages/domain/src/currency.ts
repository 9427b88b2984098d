/**
 * Currencies the site handles and their minor-unit exponent (ISO 4217; USDT is no ISO code: it is counted here in
 * cents, as the site shows it and a player sends it, though its contracts have 6 decimals), with parsing of what a user types into an
 * amount field and plain formatting (no locale: "1234.50"; the web adds grouping and symbols for display).
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

// Either plain digits or digits grouped by commas in threes, then an optional dot and at least one decimal.
const AMOUNT = /^(?:(\d+)|(\d{1,3}(?:,\d{3})+))(?:\.(\d+))?$/;

/**
 * "1,234.50" → 123450 (THB). Accepts ASCII digits, comma thousands separators in proper groups of three, a dot for
 * decimals and surrounding spaces; rejects signs, more decimals than the currency has, empty or other input.
 */
export function parseAmount(text: string, currency: CurrencyCode): Minor {
  const exponent = currencyExponent(currency);
  const match = AMOUNT.exec(text.trim());
  if (match === null) throw new AmountError(`not an amount: ${JSON.stringify(text)}`);
  const whole = (match[1] ?? match[2] ?? '').replaceAll(',', '');
  const decimals = match[3] ?? '';
  if (decimals.length > exponent) {
    throw new AmountError(`${currency} has ${exponent} decimals: ${JSON.stringify(text)}`);
  }
  const value = BigInt(whole + decimals.padEnd(exponent, '0'));
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new AmountError(`amount too large: ${JSON.stringify(text)}`);
  return Number(value) as Minor;
}

/** 123450 → "1234.50" (THB), 5000 → "5000" (JPY). Negative integers (balance deltas) get a leading "-". */
export function formatAmount(amount: Minor | number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(amount)) throw new AmountError(`not an integer amount: ${amount}`);
  const exponent = currencyExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
