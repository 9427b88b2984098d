/**
 * Deposits through a channel in another currency than the site's (decision 0007): the operator sets a
 * rate, and the player pays the site amount converted into the channel's currency.
 *
 * A rate is a decimal string: how many major units of the channel's currency one major unit of the site's currency
 * costs ("0.155" on a THB site's BRL channel: ฿1 = R$0.155). It is kept as text and converted with integers only,
 * so no float ever enters the sum. The amount to pay is rounded UP to the channel's minor unit: the house is never
 * short, and the player pays at most one minor unit of the channel's currency more than the exact value.
 */
import { currencyExponent } from './currency.ts';
import type { CurrencyCode } from './currency.ts';
import type { Minor } from './money.ts';

export class ExchangeRateError extends Error {
  readonly key = 'VALIDATION_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeRateError';
  }
}

/** Up to 9 integer digits and 9 decimals: enough for any pair the site takes, and the products stay exact. */
const RATE = /^(\d{1,9})(?:\.(\d{1,9}))?$/;

/** "0.1550" → "0.155", "007" → "7"; refuses anything but a plain positive decimal (no sign, exponent or comma). */
export function normalizeExchangeRate(text: string): string {
  const match = RATE.exec(text.trim());
  if (match === null) throw new ExchangeRateError(`not a rate: ${JSON.stringify(text)}`);
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (/^0*$/.test(whole + decimals)) throw new ExchangeRateError('a rate must be above zero');
  return decimals === '' ? whole : `${whole}.${decimals}`;
}

export function isExchangeRate(text: string): boolean {
  try {
    normalizeExchangeRate(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The amount to pay in the channel's currency, in its minor units, for `siteAmount` minor units of the site's
 * currency: ceil(siteAmount × rate × 10^channelExponent / 10^siteExponent). In the same currency no rate applies and
 * the amount is the site amount; in another one a rate is required.
 */
export function toChannelAmount(
  siteAmount: Minor | number,
  site: CurrencyCode,
  channel: CurrencyCode,
  rate: string | null,
): Minor {
  if (!Number.isSafeInteger(siteAmount) || siteAmount < 0) {
    throw new ExchangeRateError(`not an amount of minor units: ${siteAmount}`);
  }
  if (site === channel) return siteAmount as Minor;
  if (rate === null) throw new ExchangeRateError(`${channel} on a ${site} site needs a rate`);
  const [whole = '', decimals = ''] = normalizeExchangeRate(rate).split('.');
  const numerator = BigInt(siteAmount) * BigInt(whole + decimals) * 10n ** BigInt(currencyExponent(channel));
  const denominator = 10n ** BigInt(decimals.length + currencyExponent(site));
  const result = (numerator + denominator - 1n) / denominator;
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new ExchangeRateError('amount out of range');
  return Number(result) as Minor;
}
