import { z } from 'zod';
import { required, rowId } from './common.ts';
import { CRYPTO_COINS } from './values.ts';

export const cryptoCoin = z.enum(CRYPTO_COINS, { error: 'VALIDATION_FAILED' });

const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const text = (max: number) => z.string(required).trim().min(1, 'REQUIRED_FIELDS').max(max, 'VALIDATION_FAILED');
const password = z.string(required).min(1, 'REQUIRED_FIELDS').max(64, 'PASSWORD_INCORRECT');

/** Binding a payout method needs the login password (the account holder is at the keyboard). */
export const addPayoutMethodRequest = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('bank'), password, name: text(60), bank_name: text(60), card_number: text(40) }),
    z.object({ type: z.literal('crypto'), password, alias: text(30), coin: cryptoCoin, address: text(100) }),
    z.object({ type: z.literal('pix'), password, key: text(100) }),
  ],
  { error: 'VALIDATION_FAILED' },
);
export type AddPayoutMethodRequest = z.infer<typeof addPayoutMethodRequest>;

export const deletePayoutMethodRequest = z.object({ id: rowId('PAYOUT_NOT_FOUND') });

/** A bound payout method as the player sees it; account numbers and keys are masked. */
export const payoutMethod = z.discriminatedUnion('type', [
  z.object({
    id: z.number().int(),
    type: z.literal('bank'),
    name: z.string(),
    bank_name: z.string(),
    card_number: z.string(),
    created_at: z.number().int(),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('crypto'),
    alias: z.string(),
    coin: cryptoCoin,
    address: z.string(),
    created_at: z.number().int(),
  }),
  z.object({
    id: z.number().int(),
    type: z.literal('pix'),
    key_type: z.enum(PIX_KEY_TYPES),
    key: z.string(),
    created_at: z.number().int(),
  }),
]);
export type PayoutMethod = z.infer<typeof payoutMethod>;
