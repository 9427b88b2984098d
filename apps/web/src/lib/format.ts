import type { Lang } from '@fairdraw/contract';

/** BCP 47 locale tags for Intl, per product language. */
export const INTL_LOCALE: Record<Lang, string> = {
  th: 'th-TH',
  en: 'en-US',
  'zh-cn': 'zh-CN',
  'zh-hk': 'zh-HK',
  vi: 'vi-VN',
  pt: 'pt-BR',
};

/** Money arrives as an integer of minor units; the currency's own digits decide the divisor. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const fmt = new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}

/** A short date and time in the business time zone, with the zone shown (and the year where it matters). */
export function formatTime(
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
