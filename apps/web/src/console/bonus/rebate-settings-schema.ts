import { z } from 'zod';
import {
  adminBonusSettingsRequest,
  type AdminBonusSettings,
  type AdminBonusSettingsRequest,
  type RebateFamily,
} from '@fairdraw/contract';
import { REBATE_MULTIPLE_MAX, REBATE_RATE_MAX_BPS } from '@fairdraw/domain/rebate';
import { issue } from '../../lib/forms.ts';
import { parsePercent, toPercentText } from '../../lib/money.ts';

/** What the operator types per family: the rate as a percentage ('0.8') and the multiple ('5'). */
export type RebateValues = { rates: { family: string; rate: string; multiple: string }[] };

export const rebateValues = (s: AdminBonusSettings): RebateValues => ({
  rates: s.rates.map((r) => ({ family: r.family, rate: toPercentText(r.rate_bps), multiple: String(r.multiple) })),
});

const values = z.object({
  rates: z.array(z.object({ family: z.string(), rate: z.string(), multiple: z.string() })),
});

/**
 * Typed values → the request: each rate a percentage with at most two decimals (basis points), each multiple a
 * whole number; then the contract's adminBonusSettingsRequest, whose keys (REBATE_RATE_INVALID,
 * REBATE_MULTIPLE_INVALID) the server answers too.
 */
export const rebateSchema = () =>
  values
    .transform((v, ctx): AdminBonusSettingsRequest => {
      const rates = v.rates.map((r, i) => {
        const pct = parsePercent(r.rate);
        const bps = pct.kind === 'ok' && pct.minor <= REBATE_RATE_MAX_BPS ? pct.minor : NaN;
        if (Number.isNaN(bps)) {
          issue(ctx, pct.kind === 'empty' ? 'REQUIRED_FIELDS' : 'REBATE_RATE_INVALID', `rates.${i}.rate`);
        }
        const typed = /^\d{1,2}$/.test(r.multiple.trim()) ? Number(r.multiple.trim()) : NaN;
        const multiple = typed <= REBATE_MULTIPLE_MAX ? typed : NaN;
        if (Number.isNaN(multiple)) {
          issue(ctx, r.multiple.trim() === '' ? 'REQUIRED_FIELDS' : 'REBATE_MULTIPLE_INVALID', `rates.${i}.multiple`);
        }
        return { family: r.family as RebateFamily, rate_bps: bps, multiple };
      });
      if (rates.some((r) => Number.isNaN(r.rate_bps) || Number.isNaN(r.multiple))) return z.NEVER;
      return { rates };
    })
    .pipe(adminBonusSettingsRequest);
