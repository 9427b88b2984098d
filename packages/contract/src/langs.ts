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

// One pattern per kind (date and time, date, time of day) in every language, each the language's own (CLDR's order
// and words through Intl): the web's screens and the API's messages write times alike. Times are the business time
// zone's, which no screen names elsewhere, so its name is written once, at the end ("Nov 26, 10:15 AM GMT+7"), never
// between the date and the time.

type TimeOptions = {
  /** The year too: for an instant that may be months away (an exclusion's end), not for a list of recent ones. */
  withYear?: boolean;
  /** The zone's name at the end; off where the screen names the zone once already (the console's schedule). */
  withZone?: boolean;
};

const DATE_PARTS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

function zoneName(epochMs: number, lang: Lang, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(INTL_LOCALE[lang], { timeZone, timeZoneName: 'short' }).formatToParts(epochMs);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

function formatWith(
  epochMs: number,
  lang: Lang,
  timeZone: string,
  parts: Intl.DateTimeFormatOptions,
  { withYear = false, withZone = true }: TimeOptions,
): string {
  const text = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    ...(withYear ? { year: 'numeric' } : {}),
    ...parts,
    timeZone,
  }).format(new Date(epochMs));
  return withZone ? `${text} ${zoneName(epochMs, lang, timeZone)}` : text;
}

/** An instant as a date and a time in `timeZone`, the zone named at the end: "Nov 26, 10:15 AM GMT+7". */
export function formatInstant(
  epochMs: number,
  lang: Lang,
  timeZone = 'Asia/Bangkok',
  options: TimeOptions = {},
): string {
  return formatWith(epochMs, lang, timeZone, { ...DATE_PARTS, ...TIME_PARTS }, options);
}

/** The day an instant falls on in `timeZone`, with its year: "Nov 26, 2026" (a date needs no zone's name). */
export function formatDate(epochMs: number, lang: Lang, timeZone = 'Asia/Bangkok'): string {
  return formatWith(epochMs, lang, timeZone, DATE_PARTS, { withYear: true, withZone: false });
}

/** A business day ('YYYY-MM-DD') as formatDate writes a date; text that is not such a day is shown as it is. */
export function formatBusinessDay(day: string, lang: Lang): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(at) ? day : formatDate(at, lang, 'UTC');
}

/** The time of day of an instant in `timeZone`, the zone named at the end: "10:15 AM GMT+7". */
export function formatTimeOfDay(
  epochMs: number,
  lang: Lang,
  timeZone = 'Asia/Bangkok',
  options: Pick<TimeOptions, 'withZone'> = {},
): string {
  return formatWith(epochMs, lang, timeZone, TIME_PARTS, options);
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
