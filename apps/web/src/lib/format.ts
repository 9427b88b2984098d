import { INTL_LOCALE } from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';

// The locales and the date-time format are the contract's, so the API's messages name times as the screens do.
export { INTL_LOCALE, formatInstant as formatTime } from '@fairdraw/contract';

/** Money arrives as an integer of minor units; the currency's own digits decide the divisor. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const fmt = new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}
