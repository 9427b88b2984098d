import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { parseAmount } from './money.ts';

// Forms run on react-hook-form. A form's schema turns the typed text into the request body and then checks that
// body with the contract's own zod schema (`.pipe(rechargeSubmitRequest)`), so the client and the server answer
// with the same error keys. An error's `message` is always a machine key: lib/form-errors.ts turns it into text
// (components/field.tsx shows it). This module and zod load with a form's route chunk, never with Home.

/**
 * A resolver whose schema depends on what the form knows at submit time (the chosen channel, the wallet's
 * exponent …), passed as react-hook-form's `context`. Issue messages that are not a key (zod's own English texts)
 * become VALIDATION_FAILED.
 */
export function contractResolver<In extends FieldValues, Ctx, Out>(
  schema: (ctx: Ctx) => z.ZodType<Out, In>,
): Resolver<In, Ctx, Out> {
  return (values, ctx, options) =>
    zodResolver(schema(ctx as Ctx), { error: () => 'VALIDATION_FAILED' })(values, ctx, options);
}

/** A zod issue raised by a form schema: the error key on the named field, with values its text may need. */
export function issue(ctx: z.RefinementCtx, key: string, field: string, params?: Record<string, unknown>): void {
  ctx.addIssue({ code: 'custom', message: key, path: [field], input: undefined, ...(params && { params }) });
}

/**
 * Reads an amount field inside a form schema: integer minor units, or null after raising the key the server would
 * answer (AMOUNT_REQUIRED, AMOUNT_INVALID, AMOUNT_BELOW_MIN, AMOUNT_ABOVE_MAX) on `field`.
 */
export function readAmount(
  ctx: z.RefinementCtx,
  text: string,
  exponent: number,
  limits: { min: number; max: number } | null,
  field = 'amount',
): number | null {
  const parsed = parseAmount(text, exponent);
  const fail = (key: string) => (issue(ctx, key, field), null);
  if (parsed.kind === 'empty') return fail('AMOUNT_REQUIRED');
  if (parsed.kind === 'invalid' || parsed.minor === 0) return fail('AMOUNT_INVALID');
  if (limits && parsed.minor < limits.min) return fail('AMOUNT_BELOW_MIN');
  if (limits && parsed.minor > limits.max) return fail('AMOUNT_ABOVE_MAX');
  return parsed.minor;
}
