import { formatDecimal } from '@fairdraw/domain/currency';
import { INTL_LOCALE, type Lang } from '@fairdraw/contract';

// The date-time format is the contract's, so the API's messages name times as the screens do.
export { formatInstant as formatTime } from '@fairdraw/contract';

/**
 * The one display formatter of money: minor units with the locale and the currency, using the given exponent (the
 * wallet's, or the domain's exponentOf, not Intl's guess).
 */
export function formatAmount(minor: number, currency: string, exponent: number, lang: Lang): string {
  // A display never throws: an integer goes through the domain's exact text, anything else (a field an answer
  // lacks) is shown as Intl shows it (NaN) rather than breaking the screen.
  const value = Number.isSafeInteger(minor) ? Number(formatDecimal(minor, exponent)) : minor / 10 ** exponent;
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
