import { z } from 'zod';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  limitsRequest,
  type LimitKind,
  type LimitPeriod,
  type LimitsRequest,
} from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';
import { parseAmount } from '../../../lib/money.ts';

/** What the player picks and types: the limit, and its amount as text (empty: no limit). */
export type LimitValues = { kind: LimitKind; period: LimitPeriod; amount: string };
export type LimitContext = { exponent: number };

const values = z.object({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS), amount: z.string() });

/** Typed values → one change of POST /api/protection/limits (empty amount removes the limit), checked by the contract. */
export const limitSchema = ({ exponent }: LimitContext) =>
  values
    .transform((v, ctx): LimitsRequest => {
      const parsed = parseAmount(v.amount, exponent);
      if (parsed.kind === 'empty') return { changes: [{ kind: v.kind, period: v.period, amount: null }] };
      if (parsed.kind === 'invalid' || parsed.minor === 0)
        return (issue(ctx, 'LIMIT_AMOUNT_INVALID', 'amount'), z.NEVER);
      return { changes: [{ kind: v.kind, period: v.period, amount: parsed.minor }] };
    })
    .pipe(limitsRequest);
