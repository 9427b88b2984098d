// A business day is written as every date is (lib/format.ts).
export { formatDay } from '../../../lib/format.ts';

/** Basis points as a percentage text: 80 → '0.8'. */
export function bpsText(bps: number): string {
  return String(bps / 100);
}
