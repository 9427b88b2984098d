import { z } from 'zod';
import {
  adminChannel,
  LANGS,
  type AdminChannel,
  type ChannelNameTranslations,
  type ChannelType,
  type Lang,
} from '@fairdraw/contract';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { issue } from '../../lib/forms.ts';
import { parseAmount, toAmountText } from '../../lib/money.ts';

/**
 * What the operator types: the plain name and one per language (empty: the plain name shows), limits and rate as
 * text, the type's details under the API's names (`bank.payee` …).
 */
export type ChannelValues = Pick<AdminChannel, 'name' | 'enabled' | 'bank' | 'crypto' | 'pix'> & {
  name_translations: Record<Lang, string>;
  min: string;
  max: string;
  rate: string;
};

/**
 * The fields with a message under them, by the API's names (a `field` error such as `crypto.address` lands under
 * its input); a whole group (`bank`: "fill in the details") names no input and shows above the button.
 */
export const CHANNEL_FIELDS = [
  'name',
  'name_translations.th',
  'name_translations.en',
  'name_translations.zh-cn',
  'name_translations.zh-hk',
  'name_translations.vi',
  'name_translations.pt',
  'min',
  'max',
  'rate',
  'bank.payee',
  'bank.account_number',
  'bank.bank',
  'crypto.address',
  'pix.key',
  'pix.merchant_name',
  'pix.merchant_city',
] as const;

/** The currency a channel of this type takes, as the API sets it: PIX is BRL, USDT is USDT, a bank the site's. */
export const currencyFor = (type: ChannelType, site: string) =>
  type === 'pix' ? 'BRL' : type === 'crypto' ? 'USDT' : site;

/** A channel's names per language as inputs: one text per language, '' where it has none. */
const nameInputs = (names: ChannelNameTranslations | undefined) =>
  Object.fromEntries(LANGS.map((l) => [l, names?.[l] ?? ''])) as Record<Lang, string>;

/** The names typed: the languages given one (trimmed), the others left out. */
const namesTyped = (inputs: Record<Lang, string>): ChannelNameTranslations =>
  Object.fromEntries(LANGS.flatMap((l) => (inputs[l].trim() ? [[l, inputs[l].trim()]] : [])));

export const channelValues = (c: AdminChannel, exponent: number): ChannelValues => ({
  name: c.name,
  name_translations: nameInputs(c.name_translations),
  enabled: c.enabled,
  min: toAmountText(c.min, exponent),
  max: toAmountText(c.max, exponent),
  rate: c.rate ?? '',
  bank: c.bank,
  crypto: c.crypto,
  pix: c.pix,
});

/** What the schema needs besides the typed values: the channel edited, the site's decimals, a foreign currency. */
export type ChannelContext = { initial: AdminChannel; exponent: number; foreign: boolean };

const text = z.string();
const values = z.object({
  name: text,
  name_translations: z.object(Object.fromEntries(LANGS.map((l) => [l, text])) as Record<Lang, typeof text>),
  enabled: z.boolean(),
  min: text,
  max: text,
  rate: text,
  bank: z.object({ payee: text, account_number: text, bank: text }).nullable(),
  crypto: z.object({ coin: z.enum(CRYPTO_COINS), address: text }).nullable(),
  pix: z.object({ key: text, merchant_name: text, merchant_city: text }).nullable(),
});

/** Typed values → the channel to save: a name, then each limit (its message under it), then the contract's adminChannel. */
export const channelSchema = ({ initial, exponent, foreign }: ChannelContext) =>
  values
    .transform((v, ctx): z.input<typeof adminChannel> => {
      if (!v.name.trim()) return (issue(ctx, 'REQUIRED_FIELDS', 'name'), z.NEVER);
      const limit = (field: 'min' | 'max') => {
        const parsed = parseAmount(v[field], exponent);
        if (parsed.kind === 'ok') return parsed.minor;
        issue(ctx, parsed.kind === 'empty' ? 'REQUIRED_FIELDS' : 'AMOUNT_INVALID', field);
        return null;
      };
      const min = limit('min');
      if (min === null) return z.NEVER;
      const max = limit('max');
      if (max === null) return z.NEVER;
      const rate = foreign && v.rate.trim() ? v.rate.trim() : null;
      return { ...initial, ...v, name_translations: namesTyped(v.name_translations), min, max, rate };
    })
    .pipe(adminChannel);
