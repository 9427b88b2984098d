import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { withdrawSubmitRequest, type WithdrawSubmitRequest } from '@fairdraw/contract';
import { ApiError } from './api-client.ts';
import { FORM_ERROR, reportServerError, serverError } from './form-errors.ts';
import { contractResolver, readAmount } from './forms.ts';

type Values = { amount: string; payout_id: number };
type Ctx = { min: number; max: number };
// A form schema as the forms write them: typed text → body (client rules) → the contract's schema.
const schema = (limits: Ctx) =>
  z
    .object({ amount: z.string(), payout_id: z.number() })
    .transform((v, ctx): WithdrawSubmitRequest => {
      const amount = readAmount(ctx, v.amount, 2, limits);
      return amount === null ? z.NEVER : { amount, payout_id: v.payout_id };
    })
    .pipe(withdrawSubmitRequest);
const resolve = (values: Values, ctx: Ctx = { min: 100, max: 10_000 }) =>
  contractResolver(schema)(values, ctx, {
    fields: {},
    shouldUseNativeValidation: false,
  } satisfies ResolverOptions<Values>);

describe('contractResolver', () => {
  it('answers the request body when the text is good', async () => {
    expect(await resolve({ amount: '50.5', payout_id: 3 })).toEqual({
      values: { amount: 5_050, payout_id: 3 },
      errors: {},
    });
  });

  it.each([
    ['', 'AMOUNT_REQUIRED'],
    ['abc', 'AMOUNT_INVALID'],
    ['0', 'AMOUNT_INVALID'],
    ['1.005', 'AMOUNT_INVALID'],
    ['0.99', 'AMOUNT_BELOW_MIN'],
    ['100.01', 'AMOUNT_ABOVE_MAX'],
  ])('amount %j: the key %s on amount', async (amount, key) => {
    const { errors } = await resolve({ amount, payout_id: 3 });
    expect(Object.keys(errors)).toEqual(['amount']);
    expect(errors).toMatchObject({ amount: { message: key } });
  });

  it("keeps the contract's own keys and turns zod's English into VALIDATION_FAILED", async () => {
    expect((await resolve({ amount: '5', payout_id: 0 })).errors).toMatchObject({
      payout_id: { message: 'PAYOUT_NOT_FOUND' },
    });
    expect((await resolve({ amount: '5', payout_id: 1.5 })).errors).toMatchObject({
      payout_id: { message: 'VALIDATION_FAILED' },
    });
  });
});

describe('server errors on a form', () => {
  const collect = (e: unknown, fields: readonly string[]) => {
    const set: [string, unknown][] = [];
    reportServerError((name, error) => set.push([name, error]), e, fields);
    return set;
  };

  it("puts the API's key under the field it names, the API's text beside it", () => {
    expect(collect(new ApiError(400, 'REQUIRED_FIELDS', 'Please complete all fields', 'payee'), ['payee'])).toEqual([
      ['payee', { type: 'server', message: 'REQUIRED_FIELDS', types: { server: 'Please complete all fields' } }],
    ]);
  });

  it('puts an error naming no field of the form, or no answer at all, on the form', () => {
    expect(collect(new ApiError(400, 'INSUFFICIENT_BALANCE', 'Insufficient balance', 'amount'), ['payee'])).toEqual([
      [FORM_ERROR, { type: 'server', message: 'INSUFFICIENT_BALANCE', types: { server: 'Insufficient balance' } }],
    ]);
    expect(collect(new TypeError('fetch failed'), [])).toEqual([
      [FORM_ERROR, { type: 'server', message: 'common.offline' }],
    ]);
  });

  it('shows nothing for 301 and 401 (already navigated)', () => {
    expect(serverError(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBeNull();
    expect(serverError(new ApiError(301, 'REDIRECT', 'x'))).toBeNull();
  });
});
