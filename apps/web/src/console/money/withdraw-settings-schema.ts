import { z } from 'zod';
import { withdrawSettings, type WithdrawSettings } from '@fairdraw/contract';
import { issue } from '../../lib/forms.ts';
import { parseAmount, parsePercent, toAmountText, toPercentText } from '../../lib/money.ts';

/** The form's fields, named as the API names them in `field` errors. */
export const SETTINGS_FIELDS = ['fee.percent_bps', 'fee.fixed', 'fee.min', 'fee.max', 'min', 'max'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** What the operator types: every number as text (percent as '1.5', amounts in the site's currency). */
export type SettingsValues = {
  fee: { percent_bps: string; fixed: string; min: string; max: string };
  min: string;
  max: string;
};

export const settingsValues = (s: WithdrawSettings, exponent: number): SettingsValues => {
  const money = (minor: number) => toAmountText(minor, exponent);
  return {
    fee: {
      percent_bps: toPercentText(s.fee.percent_bps),
      fixed: money(s.fee.fixed),
      min: money(s.fee.min),
      max: s.fee.max === null ? '' : money(s.fee.max),
    },
    min: money(s.min),
    max: money(s.max),
  };
};

const text = z.string();
const values = z.object({
  fee: z.object({ percent_bps: text, fixed: text, min: text, max: text }),
  min: text,
  max: text,
});

/**
 * Typed values → the settings, every field's message at once under it: a percentage of at most 100 with two
 * decimals, amounts (the fee's maximum may be empty: no maximum), each maximum not below its minimum; then the
 * contract's withdrawSettings. `exponent` (the site's decimals) is react-hook-form's context.
 */
export const settingsSchema = ({ exponent }: { exponent: number }) =>
  values
    .transform((v, ctx): WithdrawSettings => {
      const pct = parsePercent(v.fee.percent_bps);
      if (pct.kind !== 'ok') {
        issue(ctx, pct.kind === 'empty' ? 'REQUIRED_FIELDS' : 'admin.percentInvalid', 'fee.percent_bps');
      }
      const amount = (field: Exclude<SettingsField, 'fee.percent_bps'>, typed: string, optional = false) => {
        const p = parseAmount(typed, exponent);
        if (p.kind === 'ok') return p.minor;
        if (!(p.kind === 'empty' && optional)) {
          issue(ctx, p.kind === 'empty' ? 'REQUIRED_FIELDS' : 'AMOUNT_INVALID', field);
        }
        return null;
      };
      const fixed = amount('fee.fixed', v.fee.fixed);
      const feeMin = amount('fee.min', v.fee.min);
      const feeMax = amount('fee.max', v.fee.max, true);
      const min = amount('min', v.min);
      const max = amount('max', v.max);
      if (feeMin !== null && feeMax !== null && feeMax < feeMin) issue(ctx, 'admin.feeMaxBelowMin', 'fee.max');
      if (min !== null && max !== null && max < min) issue(ctx, 'admin.maxBelowMin', 'max');
      if (pct.kind !== 'ok' || fixed === null || feeMin === null || min === null || max === null) return z.NEVER;
      return { fee: { percent_bps: pct.minor, fixed, min: feeMin, max: feeMax }, min, max };
    })
    .pipe(withdrawSettings);
