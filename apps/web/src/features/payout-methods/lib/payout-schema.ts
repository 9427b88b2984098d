import { z } from 'zod';
import { addPayoutMethodRequest, type AddPayoutMethodRequest } from '@fairdraw/contract';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { issue } from '../../../lib/forms.ts';

// Typed values → the add-payout request: the first blank field (in the form's order) gets REQUIRED_FIELDS under
// it, then the contract's addPayoutMethodRequest checks the body (lengths; the API checks card, address and key formats).

const text = z.string();

function firstBlank<V extends Record<string, unknown>>(
  ctx: z.RefinementCtx,
  v: V,
  fields: readonly (keyof V & string)[],
) {
  const blank = fields.find((f) => {
    const value = v[f];
    return typeof value === 'string' && !(f === 'password' ? value : value.trim());
  });
  if (blank) issue(ctx, 'REQUIRED_FIELDS', blank);
  return !!blank;
}

export const BANK_FIELDS = ['name', 'bank_name', 'card_number', 'password'] as const;
export type BankValues = Record<(typeof BANK_FIELDS)[number], string>;
export const bankSchema = z
  .object({ name: text, bank_name: text, card_number: text, password: text })
  .transform((v, ctx): AddPayoutMethodRequest => {
    if (firstBlank(ctx, v, BANK_FIELDS)) return z.NEVER;
    const card_number = v.card_number.replace(/\s+/g, '');
    return { type: 'bank', name: v.name.trim(), bank_name: v.bank_name.trim(), card_number, password: v.password };
  })
  .pipe(addPayoutMethodRequest);

export const CRYPTO_FIELDS = ['alias', 'address', 'password'] as const;
export type CryptoValues = Record<(typeof CRYPTO_FIELDS)[number], string> & { coin: (typeof CRYPTO_COINS)[number] };
export const cryptoSchema = z
  .object({ alias: text, coin: z.enum(CRYPTO_COINS), address: text, password: text })
  .transform((v, ctx): AddPayoutMethodRequest => {
    if (firstBlank(ctx, v, CRYPTO_FIELDS)) return z.NEVER;
    return { type: 'crypto', alias: v.alias.trim(), coin: v.coin, address: v.address.trim(), password: v.password };
  })
  .pipe(addPayoutMethodRequest);

export const PIX_FIELDS = ['key', 'password'] as const;
export type PixValues = Record<(typeof PIX_FIELDS)[number], string>;
export const pixSchema = z
  .object({ key: text, password: text })
  .transform((v, ctx): AddPayoutMethodRequest => {
    if (firstBlank(ctx, v, PIX_FIELDS)) return z.NEVER;
    return { type: 'pix', key: v.key.trim(), password: v.password };
  })
  .pipe(addPayoutMethodRequest);
