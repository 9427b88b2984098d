import {
  classifyPixKey,
  depositCredited,
  ExchangeRateError,
  formatAmount,
  isExchangeRate,
  minor,
  normalizeExchangeRate,
  normalizeTxHash,
  pixBrCode,
  reportRange,
  toChannelAmount,
  validateCryptoAddress,
} from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import type {
  AdminChannel,
  AdminDeposit,
  TxHashSighting,
  Deposit,
  DepositStatus,
  Paged,
  RechargeChannel,
  RechargeRange,
  RechargeSubmitRequest,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type {
  BankChannelConfig,
  ChannelConfig,
  CryptoChannelConfig,
  PixChannelConfig,
} from '../../db/tables-deposits.ts';
import { toPage } from '../../lib/paging.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { inTransaction } from '../../plugins/idempotency.ts';
import type { Commit } from '../../plugins/idempotency.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { sendSystemMessage } from '../msg/messages.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { assertNotFrozen } from '../accounts/accounts.service.ts';
import { assertNotExcluded } from '../protection/protection.service.ts';
import { assertDepositAllowed } from '../protection/limits.service.ts';
import * as repo from './recharge.repository.ts';
import type { ChannelRow, DepositRow, DepositWithChannel, TxHashSightingRow } from './recharge.repository.ts';

const bankConfig = (c: ChannelRow) => (c.type === 'bank' ? (c.config as BankChannelConfig) : null);
const cryptoConfig = (c: ChannelRow) => (c.type === 'crypto' ? (c.config as CryptoChannelConfig) : null);
const pixConfig = (c: ChannelRow) => (c.type === 'pix' ? (c.config as PixChannelConfig) : null);

/** What a channel's players pay in (null in the row: the site's currency). */
const currencyOf = (c: Pick<ChannelRow, 'currency'>, site: CurrencyCode): CurrencyCode => c.currency ?? site;

/** A channel in another currency than the site's is offered only once an operator has set its rate. */
const usable = (c: ChannelRow, site: CurrencyCode) => c.enabled && (currencyOf(c, site) === site || c.rate !== null);

/** The currency a channel of this type takes (decision 0007): PIX is BRL, USDT is USDT, a bank the site's own. */
function currencyForType(type: ChannelRow['type']): CurrencyCode | null {
  return type === 'pix' ? 'BRL' : type === 'crypto' ? 'USDT' : null;
}

/** The player's view of a channel; a PIX channel's key is not shown (the BR Code comes with each deposit). */
export function toRechargeChannel(c: ChannelRow, site: CurrencyCode): RechargeChannel {
  const bank = bankConfig(c);
  const crypto = cryptoConfig(c);
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    min: c.min,
    max: c.max,
    bank: bank ? { payee: bank.payee, account_number: bank.account_number, bank: bank.bank } : null,
    crypto: crypto ? { coin: crypto.coin, address: crypto.address } : null,
    currency: currencyOf(c, site),
    rate: c.rate,
  };
}

export function toAdminChannel(c: ChannelRow, site: CurrencyCode): AdminChannel {
  const pix = pixConfig(c);
  return {
    ...toRechargeChannel(c, site),
    enabled: c.enabled,
    sort: c.sort,
    pix: pix ? { key: pix.key, merchant_name: pix.merchant_name, merchant_city: pix.merchant_city } : null,
  };
}

export function toDeposit(d: DepositWithChannel, site: CurrencyCode): Deposit {
  return {
    id: d.id,
    channel_id: d.channel_id,
    channel_type: d.channel_type,
    channel_name: d.channel_name,
    amount: d.amount,
    channel_currency: d.channel_currency ?? site,
    channel_amount: d.channel_amount,
    rate: d.rate,
    status: d.status,
    reason: d.reason,
    created_at: d.created_at.getTime(),
    decided_at: d.decided_at ? d.decided_at.getTime() : null,
    br_code: d.br_code,
    pay_address: d.pay_address,
    tx_hash: d.tx_hash,
    transfer: d.transfer,
  };
}

export async function listChannels(db: Db, site: CurrencyCode): Promise<RechargeChannel[]> {
  return (await repo.listChannels(db, true)).filter((c) => usable(c, site)).map((c) => toRechargeChannel(c, site));
}

/** The PIX txid of a deposit: short, letters and digits only (pix.ts allows 25). */
export function pixTxid(depositId: number): string {
  return `FD${depositId}`;
}

/** toChannelAmount, with a result too large to pay refused like any amount out of range (400, not 500). */
function channelAmount(amount: number, site: CurrencyCode, channel: CurrencyCode, rate: string | null): number {
  try {
    return toChannelAmount(amount, site, channel, rate);
  } catch (err) {
    if (err instanceof ExchangeRateError) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
    throw err;
  }
}

const nonEmpty = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * A player's deposit request. A player on a time-out or self-exclusion is refused first (403 SELF_EXCLUDED,
 * docs/trust.md 30); then the checks in the order the form is filled (contract recharge.ts): channel, amount, the
 * channel's limits, then the channel's own fields. Creates a pending deposit.
 *
 * A crypto deposit's hash is normalised (domain normalizeTxHash: case, `0x`, whitespace); a transfer (network and
 * normalised hash) backs at most one deposit, ever, whatever that deposit's status: naming one again is refused with
 * 409 TX_HASH_USED, by the unique index itself (insertDeposit), so two players naming it at once get one deposit.
 *
 * A deposit submitted before the break began is not touched by it: the operator may still approve it and a PIX
 * payment for it is still credited (payments.service.ts), so money the player already sent is never lost.
 */
export async function submitDeposit(
  db: Db,
  user: SessionUser,
  input: RechargeSubmitRequest,
  currency: CurrencyCode,
  timeZone: string,
  now: Date,
  /** The transaction the request commits in (with its idempotency key: plugins/idempotency.ts); plain by default. */
  commit: Commit = inTransaction(db, user.id),
): Promise<Deposit> {
  // A frozen player is refused first (the session's view; checked again under a lock in the transaction below).
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  await assertNotExcluded(db, user.id, now, timeZone);
  if (input.channel_id === undefined) throw new AppError('CHANNEL_REQUIRED', { field: 'channel_id' });
  const channel = await repo.findChannel(db, input.channel_id);
  if (!channel || !usable(channel, currency)) throw new AppError('CHANNEL_NOT_FOUND', { field: 'channel_id' });
  if (input.amount === undefined || input.amount <= 0) throw new AppError('AMOUNT_REQUIRED', { field: 'amount' });
  const amount = input.amount;
  if (amount < channel.min) {
    throw new AppError('AMOUNT_BELOW_MIN', { field: 'amount', params: { min: formatAmount(channel.min, currency) } });
  }
  if (amount > channel.max) {
    throw new AppError('AMOUNT_ABOVE_MAX', { field: 'amount', params: { max: formatAmount(channel.max, currency) } });
  }
  // The player is credited `amount` (site currency) and pays it converted at the channel's rate of this moment; the
  // deposit keeps both and the rate, so a later rate change does not touch it.
  const channelCurrency = currencyOf(channel, currency);
  const rate = channelCurrency === currency ? null : channel.rate;
  const values: Parameters<typeof repo.insertDeposit>[1] = {
    user_id: user.id,
    channel_id: channel.id,
    amount,
    channel_currency: channel.currency,
    channel_amount: channelAmount(amount, currency, channelCurrency, rate),
    rate,
    status: 'pending',
    transfer: null,
    // Stamped at the server's clock, the one the player's list ranges (listOwnDeposits) are computed from.
    created_at: now,
  };
  const crypto = cryptoConfig(channel);
  if (channel.type === 'bank') {
    const { payee, account_number, bank, deposit_time, payer_name } = input;
    if (
      !nonEmpty(payee) ||
      !nonEmpty(account_number) ||
      !nonEmpty(bank) ||
      !nonEmpty(payer_name) ||
      deposit_time === undefined ||
      deposit_time <= 0
    ) {
      throw new AppError('REQUIRED_FIELDS');
    }
    values.transfer = JSON.stringify({ payee, account_number, bank, deposit_time, payer_name });
  } else if (crypto) {
    const hash = input.tx_hash ?? '';
    const normalized = normalizeTxHash(crypto.coin, hash);
    if (normalized === null) throw new AppError('TX_HASH_INVALID', { field: 'tx_hash' });
    values.tx_hash = hash;
    values.tx_network = crypto.coin;
    values.tx_hash_norm = normalized;
    values.pay_address = crypto.address;
  }
  const pix = pixConfig(channel);
  return commit(async (trx) => {
    // Locks the player's row: a freeze committed before this deposit refuses it (403 ACCOUNT_FROZEN).
    await assertNotFrozen(trx, user.id);
    // The player's deposit limits, summed after locking the player (two deposits at once are counted in turn).
    await assertDepositAllowed(trx, user.id, amount, now, { timeZone, currency });
    const inserted = await repo.insertDeposit(trx, values);
    if (!inserted) throw new AppError('TX_HASH_USED', { field: 'tx_hash' });
    if (pix) {
      // PIX is paid in BRL: the BR Code carries the channel amount (a PIX channel's currency is BRL, saveChannel).
      const brCode = pixBrCode({
        key: pix.key,
        merchantName: pix.merchant_name,
        merchantCity: pix.merchant_city,
        amount: minor(inserted.channel_amount),
        txid: pixTxid(inserted.id),
      });
      await repo.setBrCode(trx, inserted.id, brCode);
    }
    // Read back in the transaction: the answer is stored with the key before the commit.
    const created = await repo.findDeposit(trx, inserted.id);
    if (!created) throw new Error('deposit vanished after insert');
    return toDeposit(created, currency);
  });
}

/** A deposit with its channel, for the payments module (a provider's notification names it). */
export function findDeposit(db: Db, id: number) {
  return repo.findDeposit(db, id);
}

/** The deposit a provider's payment event already credited, if any. */
export function findDepositPaidBy(db: Db, providerRef: string) {
  return repo.findDepositByProviderRef(db, providerRef);
}

export async function listOwnDeposits(
  db: Db,
  userId: number,
  query: { range: RechargeRange; page: number; limit: number },
  timeZone: string,
  now: Date,
  site: CurrencyCode,
): Promise<Paged<Deposit>> {
  const { from, to } = reportRange(query.range, now, timeZone);
  const rows = await repo.listUserDeposits(db, userId, from, to, query.page, query.limit);
  return toPage(rows, query, (r) => toDeposit(r, site));
}

/** The operator's queue; a deposit in another currency shows what the player must have paid (channel_amount). */
export async function listForOperator(
  db: Db,
  query: { status: DepositStatus; q?: string | undefined; page: number; limit: number },
  site: CurrencyCode,
): Promise<Paged<AdminDeposit>> {
  const rows = await repo.listDepositsForOperator(db, query.status, query.q || undefined, query.page, query.limit);
  const sightings = await sightingsOf(db, rows);
  return toPage(rows, query, (r) =>
    toAdminDeposit(r, { user_id: r.user_id, account: r.account, nickname: r.nickname }, sightings, site),
  );
}

/** For each listed deposit that names a hash, every deposit naming the same hash on the same network. */
async function sightingsOf(db: Db, rows: DepositRow[]): Promise<TxHashSightingRow[]> {
  const hashes = [...new Set(rows.flatMap((r) => (r.tx_hash_norm === null ? [] : [r.tx_hash_norm])))];
  return repo.depositsNamingHashes(db, hashes);
}

function toAdminDeposit(
  d: DepositWithChannel,
  user: AdminDeposit['user'],
  sightings: TxHashSightingRow[],
  site: CurrencyCode,
): AdminDeposit {
  const seen: TxHashSighting[] =
    d.tx_hash_norm === null
      ? []
      : sightings
          .filter((s) => s.id !== d.id && s.tx_network === d.tx_network && s.tx_hash_norm === d.tx_hash_norm)
          .map((s) => ({
            deposit_id: s.id,
            user_id: s.user_id,
            account: s.account,
            status: s.status,
            created_at: s.created_at.getTime(),
            duplicate: s.tx_hash_duplicate_of !== null,
          }));
  return {
    ...toDeposit(d, site),
    user,
    tx_hash_normalized: d.tx_hash_norm,
    tx_hash_duplicate_of: d.tx_hash_duplicate_of,
    tx_hash_seen: seen,
  };
}

function snapshot(d: DepositRow) {
  return { id: d.id, user_id: d.user_id, amount: d.amount, status: d.status, reason: d.reason };
}

export type CreditSource = { provider: string; providerRef: string } | null;

/**
 * Marks a pending deposit successful and credits it (domain depositCredited, reference 'deposit:<id>'), with its
 * audit row and the player's 'deposit_credited' message, in the caller's transaction. The deposit row is locked first; a deposit already decided gives
 * 409 ALREADY_DECIDED, so a second approval (or webhook) credits nothing.
 *
 * A crypto deposit whose transfer another deposit was credited for is refused (409 TX_HASH_CREDITED), and so is one
 * stored before hashes were unique that names an earlier deposit's transfer (409 TX_HASH_USED, migration 0034): only
 * the first deposit naming a transfer can be credited for it.
 */
export async function creditDeposit(
  trx: Db,
  id: number,
  actor: AuditActor,
  action: string,
  source: CreditSource,
  now: Date,
): Promise<void> {
  const before = await repo.lockDeposit(trx, id);
  if (!before) throw new AppError('DEPOSIT_NOT_FOUND');
  if (before.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  if (before.tx_network !== null && before.tx_hash_norm !== null) {
    const hash = { id, tx_network: before.tx_network, tx_hash_norm: before.tx_hash_norm };
    if (await repo.creditedWithSameHash(trx, hash)) throw new AppError('TX_HASH_CREDITED');
    if (before.tx_hash_duplicate_of !== null) throw new AppError('TX_HASH_USED');
  }
  const decided = {
    status: 'success' as const,
    decided_at: now,
    decided_by: actor.userId,
    ...(source ? { provider: source.provider, provider_ref: source.providerRef } : {}),
  };
  await repo.decideDeposit(trx, id, decided);
  await postTransaction(trx, depositCredited(before.user_id, minor(before.amount)), `deposit:${id}`, now);
  await writeAudit(trx, actor, action, `deposit:${id}`, snapshot(before), {
    ...snapshot(before),
    status: 'success',
    ...(source ? { provider: source.provider, provider_ref: source.providerRef } : {}),
  });
  await sendSystemMessage(trx, before.user_id, 'deposit_credited', { deposit_id: id, amount: before.amount }, now);
}

async function decidedDeposit(db: Db, id: number, site: CurrencyCode): Promise<AdminDeposit> {
  const rows = await repo.depositOwner(db, id);
  const d = await repo.findDeposit(db, id);
  if (!d || !rows) throw new AppError('DEPOSIT_NOT_FOUND');
  const user = { user_id: rows.id, account: rows.account, nickname: rows.nickname };
  return toAdminDeposit(d, user, await sightingsOf(db, [d]), site);
}

export async function approveDeposit(
  db: Db,
  actor: AuditActor,
  id: number,
  site: CurrencyCode,
  now: Date,
): Promise<AdminDeposit> {
  await db.transaction().execute((trx) => creditDeposit(trx, id, actor, 'deposit.approve', null, now));
  return decidedDeposit(db, id, site);
}

export async function rejectDeposit(
  db: Db,
  actor: AuditActor,
  id: number,
  reason: string | undefined,
  site: CurrencyCode,
  now: Date,
): Promise<AdminDeposit> {
  if (!nonEmpty(reason)) throw new AppError('REASON_REQUIRED', { field: 'reason' });
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockDeposit(trx, id);
    if (!before) throw new AppError('DEPOSIT_NOT_FOUND');
    if (before.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    await repo.decideDeposit(trx, id, {
      status: 'rejected',
      reason,
      decided_at: now,
      decided_by: actor.userId,
    });
    await writeAudit(trx, actor, 'deposit.reject', `deposit:${id}`, snapshot(before), {
      ...snapshot(before),
      status: 'rejected',
      reason,
    });
    await sendSystemMessage(
      trx,
      before.user_id,
      'deposit_rejected',
      { deposit_id: id, amount: before.amount, reason },
      now,
    );
  });
  return decidedDeposit(db, id, site);
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

/**
 * Creates (no id) or updates a channel, with an audit row in the same transaction (its before and after carry the
 * rate: who set it and when). Deposits already made keep the rate they were converted at.
 */
export async function saveChannel(
  db: Db,
  actor: AuditActor,
  input: AdminChannel,
  site: CurrencyCode,
): Promise<AdminChannel> {
  const config = JSON.stringify(channelConfig(input));
  const values = {
    ...channelPricing(input, site),
    type: input.type,
    name: input.name,
    enabled: input.enabled,
    min: input.min,
    max: input.max,
    sort: input.sort,
    config,
  };
  return db.transaction().execute(async (trx) => {
    if (input.id === undefined) {
      const row = await repo.insertChannel(trx, values);
      await writeAudit(trx, actor, 'channel.create', `channel:${row.id}`, null, toAdminChannel(row, site));
      return toAdminChannel(row, site);
    }
    const before = await repo.lockChannel(trx, input.id);
    if (!before) throw new AppError('CHANNEL_NOT_FOUND', { field: 'id' });
    const row = await repo.updateChannel(trx, input.id, values);
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

/** Every deposit of one player, newest first, whatever its day (the console's Players screen). */
export async function listDepositsOf(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
  site: CurrencyCode,
): Promise<Paged<Deposit>> {
  const rows = await repo.listUserDeposits(
    db,
    userId,
    new Date(0),
    new Date('9999-12-31T00:00:00Z'),
    query.page,
    query.limit,
  );
  return toPage(rows, query, (r) => toDeposit(r, site));
}
