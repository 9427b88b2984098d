/**
 * Deposit channels (bank, crypto, PIX): what a player sees of them (the name in their language, whether the channel
 * is a demo), and the operator's settings of each (its type's currency, the rate, the checked config, the name per
 * language), every save with its audit row.
 */
import {
  classifyPixKey,
  isExchangeRate,
  normalizeExchangeRate,
  pixBrCode,
  validateCryptoAddress,
} from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { DEFAULT_LANG, LANGS } from '@fairdraw/contract';
import type { AdminChannel, ChannelNameTranslations, Lang, RechargeChannel } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type {
  BankChannelConfig,
  ChannelConfig,
  CryptoChannelConfig,
  PixChannelConfig,
} from '../../db/tables-deposits.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './recharge.repository.ts';
import type { ChannelRow } from './recharge.repository.ts';

const bankConfig = (c: ChannelRow) => (c.type === 'bank' ? (c.config as BankChannelConfig) : null);
export const cryptoConfig = (c: ChannelRow) => (c.type === 'crypto' ? (c.config as CryptoChannelConfig) : null);
export const pixConfig = (c: ChannelRow) => (c.type === 'pix' ? (c.config as PixChannelConfig) : null);

/** What a channel's players pay in (null in the row: the site's currency). */
export const currencyOf = (c: Pick<ChannelRow, 'currency'>, site: CurrencyCode): CurrencyCode => c.currency ?? site;

/** A channel in another currency than the site's is offered only once an operator has set its rate. */
export const usable = (c: ChannelRow, site: CurrencyCode) =>
  c.enabled && (currencyOf(c, site) === site || c.rate !== null);

/** The currency a channel of this type takes (decision 0007): PIX is BRL, USDT is USDT, a bank the site's own. */
function currencyForType(type: ChannelRow['type']): CurrencyCode | null {
  return type === 'pix' ? 'BRL' : type === 'crypto' ? 'USDT' : null;
}

/** A text field the player or operator filled in (not only spaces). */
export const nonEmpty = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** A channel's names per language as stored or sent: the six languages only, trimmed, the empty ones left out. */
function nameTranslations(texts: ChannelNameTranslations | null | undefined): ChannelNameTranslations {
  const out: ChannelNameTranslations = {};
  for (const lang of LANGS) {
    const text = texts?.[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}

/** A channel's name in a language: its own name in that language when it has one, else the plain name. */
export function channelName(c: Pick<ChannelRow, 'name' | 'name_translations'>, lang: Lang): string {
  return c.name_translations[lang]?.trim() || c.name;
}

/**
 * The player's view of a channel, named in the request's language; a PIX channel's key is not shown (the BR Code
 * comes with each deposit). A demo channel's payee and bank go out as stored: the web shows them translated.
 */
export function toRechargeChannel(c: ChannelRow, site: CurrencyCode, lang: Lang): RechargeChannel {
  const bank = bankConfig(c);
  const crypto = cryptoConfig(c);
  return {
    id: c.id,
    type: c.type,
    name: channelName(c, lang),
    demo: c.demo,
    min: c.min,
    max: c.max,
    bank: bank ? { payee: bank.payee, account_number: bank.account_number, bank: bank.bank } : null,
    crypto: crypto ? { coin: crypto.coin, address: crypto.address } : null,
    currency: currencyOf(c, site),
    rate: c.rate,
  };
}

/** The operator's view: the plain name and the names per language, as they edit them. */
export function toAdminChannel(c: ChannelRow, site: CurrencyCode): AdminChannel {
  const pix = pixConfig(c);
  return {
    ...toRechargeChannel(c, site, DEFAULT_LANG),
    // The plain name, not one language's: the operator edits both.
    name: c.name,
    name_translations: nameTranslations(c.name_translations),
    enabled: c.enabled,
    sort: c.sort,
    pix: pix ? { key: pix.key, merchant_name: pix.merchant_name, merchant_city: pix.merchant_city } : null,
  };
}

export async function listChannels(db: Db, site: CurrencyCode, lang: Lang): Promise<RechargeChannel[]> {
  return (await repo.listChannels(db, true))
    .filter((c) => usable(c, site))
    .map((c) => toRechargeChannel(c, site, lang));
}

export async function listChannelsForOperator(db: Db, site: CurrencyCode): Promise<AdminChannel[]> {
  return (await repo.listChannels(db, false)).map((c) => toAdminChannel(c, site));
}

/**
 * The channel's currency (set by its type) and rate: none in the site's currency; in another, the operator's, and
 * a channel without one cannot be enabled (400 CHANNEL_RATE_REQUIRED).
 */
function channelPricing(
  input: AdminChannel,
  site: CurrencyCode,
): { currency: CurrencyCode | null; rate: string | null } {
  const currency = currencyForType(input.type);
  if ((currency ?? site) === site) return { currency, rate: null };
  if (input.rate === null || input.rate === undefined) {
    if (input.enabled) throw new AppError('CHANNEL_RATE_REQUIRED', { field: 'rate' });
    return { currency, rate: null };
  }
  if (!isExchangeRate(input.rate)) throw new AppError('VALIDATION_FAILED', { field: 'rate' });
  return { currency, rate: normalizeExchangeRate(input.rate) };
}

/** Checks an operator's channel settings with the domain validators and returns the config to store. */
function channelConfig(input: AdminChannel): ChannelConfig {
  if (input.max < input.min) throw new AppError('AMOUNT_INVALID', { field: 'max' });
  switch (input.type) {
    case 'bank': {
      const b = input.bank;
      if (!b || !nonEmpty(b.payee) || !nonEmpty(b.account_number) || !nonEmpty(b.bank)) {
        throw new AppError('REQUIRED_FIELDS', { field: 'bank' });
      }
      return { payee: b.payee.trim(), account_number: b.account_number.trim(), bank: b.bank.trim() };
    }
    case 'crypto': {
      const c = input.crypto;
      if (!c || !nonEmpty(c.address)) throw new AppError('REQUIRED_FIELDS', { field: 'crypto' });
      const address = c.address.trim();
      if (!validateCryptoAddress(c.coin, address)) {
        throw new AppError('CRYPTO_ADDRESS_INVALID', { field: 'crypto.address' });
      }
      return { coin: c.coin, address };
    }
    case 'pix': {
      const p = input.pix;
      if (!p || !nonEmpty(p.key) || !nonEmpty(p.merchant_name) || !nonEmpty(p.merchant_city)) {
        throw new AppError('REQUIRED_FIELDS', { field: 'pix' });
      }
      const key = classifyPixKey(p.key);
      if (!key) throw new AppError('PIX_KEY_INVALID', { field: 'pix.key' });
      const config = {
        key: key.normalized,
        merchant_name: p.merchant_name.trim(),
        merchant_city: p.merchant_city.trim(),
      };
      try {
        pixBrCode({ key: config.key, merchantName: config.merchant_name, merchantCity: config.merchant_city });
      } catch {
        throw new AppError('VALIDATION_FAILED', { field: 'pix' });
      }
      return config;
    }
  }
}

/** The same payment details (whatever the order jsonb keeps their keys in). */
function sameDetails(a: ChannelConfig, b: ChannelConfig): boolean {
  const canonical = (c: ChannelConfig) => JSON.stringify(Object.entries(c).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canonical(a) === canonical(b);
}

/**
 * The names per language to store: those sent (empty ones dropped); none sent, the stored ones while the plain name
 * stays the same, none with a new plain name (they translated the old one).
 */
function namesToStore(input: AdminChannel, before: ChannelRow | undefined): ChannelNameTranslations {
  if (input.name_translations) return nameTranslations(input.name_translations);
  return before && before.name === input.name ? nameTranslations(before.name_translations) : {};
}

/**
 * Creates (no id) or updates a channel, with an audit row in the same transaction (its before and after carry the
 * rate: who set it and when). Deposits already made keep the rate they were converted at. A channel an operator
 * creates is never a demo; a demo channel stays one only while its payment details are the seed's examples.
 */
export async function saveChannel(
  db: Db,
  actor: AuditActor,
  input: AdminChannel,
  site: CurrencyCode,
): Promise<AdminChannel> {
  const config = channelConfig(input);
  const pricing = channelPricing(input, site);
  const values = (before: ChannelRow | undefined) => ({
    ...pricing,
    type: input.type,
    name: input.name,
    name_translations: JSON.stringify(namesToStore(input, before)),
    demo: before !== undefined && before.demo && sameDetails(before.config, config),
    enabled: input.enabled,
    min: input.min,
    max: input.max,
    sort: input.sort,
    config: JSON.stringify(config),
  });
  return db.transaction().execute(async (trx) => {
    if (input.id === undefined) {
      const row = await repo.insertChannel(trx, values(undefined));
      await writeAudit(trx, actor, 'channel.create', `channel:${row.id}`, null, toAdminChannel(row, site));
      return toAdminChannel(row, site);
    }
    const before = await repo.lockChannel(trx, input.id);
    if (!before) throw new AppError('CHANNEL_NOT_FOUND', { field: 'id' });
    const row = await repo.updateChannel(trx, input.id, values(before));
    if (!row) throw new AppError('CHANNEL_NOT_FOUND', { field: 'id' });
    await writeAudit(
      trx,
      actor,
      'channel.update',
      `channel:${row.id}`,
      toAdminChannel(before, site),
      toAdminChannel(row, site),
    );
    return toAdminChannel(row, site);
  });
}
