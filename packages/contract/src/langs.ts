import { formatDecimal } from '@fairdraw/domain/currency';

/** The languages the product speaks. Thai is the default. */
export const LANGS = ['th', 'en', 'zh-cn', 'zh-hk', 'vi', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'th';

/** BCP 47 locale tags for Intl, per product language (th-TH counts years in the Buddhist era, as Thai readers do). */
export const INTL_LOCALE: Record<Lang, string> = {
  th: 'th-TH',
  en: 'en-US',
  'zh-cn': 'zh-CN',
  'zh-hk': 'zh-HK',
  vi: 'vi-VN',
  pt: 'pt-BR',
};

/**
 * An instant as a short date and time in `timeZone`, with the zone shown (and the year where it matters): how the
 * web shows times, and how the API's messages name them, so both read alike in every language.
 */
export function formatInstant(
  epochMs: number,
  lang: Lang,
  timeZone = 'Asia/Bangkok',
  options: { withYear?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    ...(options.withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(epochMs));
}

/** Maps any header or stored value to a supported language; unknown values fall back to Thai. */
export function resolveLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.trim().toLowerCase();
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG;
}

/** Local storage keys, fixed names the site has always used. */
export const STORAGE_KEYS = { userInfo: 'userInfo', lang: 'lang' } as const;

/**
 * The one display formatter of money: minor units with the locale and the currency, using the given exponent (the
 * wallet's, or the domain's exponentOf, not Intl's guess): "฿1,234.50" in Thai, "THB 1,234.50" in English. The web
 * shows amounts with it and the API's messages write them with it, so both read alike. A negative amount takes the
 * locale's own minus sign; `signed` also marks a gain with "+" (a net result, a movement of a balance), so one sign
 * is written for money everywhere and no screen prefixes its own.
 */
export function formatMoney(
  minor: number,
  currency: string,
  exponent: number,
  lang: Lang,
  { signed = false }: { signed?: boolean } = {},
): string {
  const signDisplay = signed ? 'exceptZero' : 'auto';
  // A display never throws: an integer goes through the domain's exact text, anything else (a field an answer
  // lacks) is shown as Intl shows it (NaN) rather than breaking the screen.
  const value = Number.isSafeInteger(minor) ? Number(formatDecimal(minor, exponent)) : minor / 10 ** exponent;
  try {
    return new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      signDisplay,
    }).format(value);
  } catch {
    // Not an ISO currency (e.g. play money 'DEMO'): the number and the code.
    const n = new Intl.NumberFormat(INTL_LOCALE[lang], {
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      signDisplay,
    }).format(value);
    return `${n} ${currency}`;
  }
}
