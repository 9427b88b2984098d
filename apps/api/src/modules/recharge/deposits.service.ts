/**
 * A player's deposits: the request (checked in the order the form is filled), the player's list, and the lookups the
 * payments module and the console's Players screen use. The operator's decisions are in deposit-decisions.service.ts,
 * the channels in channels.service.ts.
 */
import { ExchangeRateError, minor, normalizeTxHash, pixBrCode, reportRange, toChannelAmount } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { DEPOSIT_TIME_SKEW_MS } from '@fairdraw/contract';
import type { Deposit, Lang, Paged, RechargeRange, RechargeSubmitRequest } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../lib/paging.ts';
import { AppError, moneyParam } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { inTransaction } from '../../lib/commit.ts';
import type { Commit } from '../../lib/commit.ts';
import { assertNotFrozen } from '../auth/auth.service.ts';
import { assertNotExcluded } from '../protection/protection.service.ts';
import { assertDepositAllowed } from '../protection/limits.service.ts';
import * as repo from './recharge.repository.ts';
import type { DepositWithChannel } from './recharge.repository.ts';
import { channelName, cryptoConfig, currencyOf, nonEmpty, pixConfig, usable } from './channels.service.ts';

/** A deposit as its player (or an operator) sees it: the channel named in the request's language. */
export function toDeposit(d: DepositWithChannel, site: CurrencyCode, lang: Lang): Deposit {
  return {
    id: d.id,
    channel_id: d.channel_id,
    channel_type: d.channel_type,
    channel_name: channelName({ name: d.channel_name, name_translations: d.channel_name_translations }, lang),
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
  /** The language the answer names the channel in. */
  lang: Lang,
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
    throw new AppError('AMOUNT_BELOW_MIN', { field: 'amount', params: { min: moneyParam(channel.min, currency) } });
  }
  if (amount > channel.max) {
    throw new AppError('AMOUNT_ABOVE_MAX', { field: 'amount', params: { max: moneyParam(channel.max, currency) } });
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
    if (deposit_time > now.getTime() + DEPOSIT_TIME_SKEW_MS) {
      throw new AppError('DEPOSIT_TIME_IN_FUTURE', { field: 'deposit_time' });
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
    return toDeposit(created, currency, lang);
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
  lang: Lang,
): Promise<Paged<Deposit>> {
  const { from, to } = reportRange(query.range, now, timeZone);
  const rows = await repo.listUserDeposits(db, userId, from, to, query.page, query.limit);
  return toPage(rows, query, (r) => toDeposit(r, site, lang));
}

/** Every deposit of one player, newest first, whatever its day (the console's Players screen). */
export async function listDepositsOf(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
  site: CurrencyCode,
  lang: Lang,
): Promise<Paged<Deposit>> {
  const rows = await repo.listUserDeposits(
    db,
    userId,
    new Date(0),
    new Date('9999-12-31T00:00:00Z'),
    query.page,
    query.limit,
  );
  return toPage(rows, query, (r) => toDeposit(r, site, lang));
}
