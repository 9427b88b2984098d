import { INTL_LOCALE, type Lang } from '@fairdraw/contract';

/** A business day ('YYYY-MM-DD') as the language writes a date. */
export function formatDay(day: string, lang: Lang): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return day;
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** Basis points as a percentage text: 80 → '0.8'. */
export function bpsText(bps: number): string {
  return String(bps / 100);
}
