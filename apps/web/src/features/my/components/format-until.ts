import type { Lang } from '@fairdraw/contract';
import { formatDateTime } from '../../../lib/format.ts';

/** A break's end with the year and the business time zone named: a self-exclusion can last five years. */
export function formatUntil(epochMs: number, lang: Lang, timeZone: string): string {
  return formatDateTime(epochMs, lang, timeZone, { withYear: true });
}
