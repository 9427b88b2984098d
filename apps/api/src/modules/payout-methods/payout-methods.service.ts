import { classifyPixKey, normalizeBankCardNumber, toChecksumAddress, validateCryptoAddress } from '@fairdraw/domain';
import type { AddPayoutMethodRequest, PayoutMethod } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { playerTransaction } from '../../db/player-lock.ts';
import type { PayoutDetails, PayoutMethodType } from '../../db/tables-payouts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { assertNotFrozen } from '../auth/auth.service.ts';
import { verifyLoginPassword } from '../auth/password-check.service.ts';
import type { LoginThrottleSettings } from '../auth/password-check.service.ts';
import { toPayoutMethod } from './payout-methods.mapper.ts';
import * as repo from './payout-methods.repository.ts';

// For withdrawals: one import for what they need of payout methods.
export { countActivePayoutMethods, findActivePayoutMethod } from './payout-methods.repository.ts';
export { toPayoutMethod } from './payout-methods.mapper.ts';

/** Active (not deleted) methods one player may have at once. */
export const MAX_PAYOUT_METHODS = 10;

/** Checks the details of a new method with the domain's validators and answers what is stored. */
export function payoutDetails(input: AddPayoutMethodRequest): { type: PayoutMethodType; details: PayoutDetails } {
  switch (input.type) {
    case 'bank': {
      const cardNumber = normalizeBankCardNumber(input.card_number);
      if (cardNumber === null) throw new AppError('CARD_NUMBER_INVALID', { field: 'card_number' });
      return { type: 'bank', details: { name: input.name, bank_name: input.bank_name, card_number: cardNumber } };
    }
    case 'crypto': {
      if (!validateCryptoAddress(input.coin, input.address)) {
        throw new AppError('CRYPTO_ADDRESS_INVALID', { field: 'address' });
      }
      // Ethereum addresses are kept in their EIP-55 spelling, whatever case was typed.
      const address = input.coin === 'USDT-ERC20' ? toChecksumAddress(input.address) : input.address;
      return { type: 'crypto', details: { alias: input.alias, coin: input.coin, address } };
    }
    case 'pix': {
      const key = classifyPixKey(input.key);
      if (key === null) throw new AppError('PIX_KEY_INVALID', { field: 'key' });
      return { type: 'pix', details: { key_type: key.type, key: key.normalized } };
    }
  }
}

/** The field of the add form that names where the money goes: a duplicate is reported under it. */
const TARGET_FIELD: Record<PayoutMethodType, string> = { bank: 'card_number', crypto: 'address', pix: 'key' };

/**
 * Where a method sends the money, comparable between methods: the card or account number, the wallet address, the
 * PIX key (all stored normalized, so two spellings of one target compare equal). Holder name, bank name and wallet
 * alias are labels, not part of it.
 */
function payoutTarget(details: PayoutDetails): string {
  if ('card_number' in details) return `bank:${details.card_number}`;
  if ('address' in details) return `crypto:${details.address}`;
  return `pix:${details.key}`;
}

export async function listPayoutMethods(db: Db, userId: number): Promise<PayoutMethod[]> {
  return (await repo.listActivePayoutMethods(db, userId)).map((row) => toPayoutMethod(row));
}

/**
 * Binds a payout method: not frozen by an operator (ACCOUNT_FROZEN, modules/players), details valid, then the login
 * password (a wrong one counts against the login throttle), then, under a lock on the player's row (taken by
 * accounts' assertNotFrozen, which refuses the bind if a freeze committed first) so parallel adds cannot slip past
 * them: the same card, address or PIX key
 * may be bound only once among the player's active methods (409 PAYOUT_ALREADY_BOUND under that field; a deleted
 * one may be bound again), and the limit.
 */
export async function addPayoutMethod(
  db: Db,
  user: SessionUser,
  input: AddPayoutMethodRequest,
  now: Date,
  settings: LoginThrottleSettings,
): Promise<PayoutMethod> {
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  const method = payoutDetails(input);
  await verifyLoginPassword(db, user, input.password, now, settings, 'PASSWORD_INCORRECT', 'password');
  // The player's row is locked first (db/player-lock.ts): adds of one player run one at a time (the limit holds).
  return playerTransaction(db, user.id, async (trx) => {
    await assertNotFrozen(trx, user.id);
    const active = await repo.listActivePayoutMethods(trx, user.id);
    const target = payoutTarget(method.details);
    if (active.some((row) => payoutTarget(row.details) === target)) {
      throw new AppError('PAYOUT_ALREADY_BOUND', { field: TARGET_FIELD[method.type] });
    }
    if (active.length >= MAX_PAYOUT_METHODS) {
      throw new AppError('PAYOUT_LIMIT_REACHED', { params: { max: MAX_PAYOUT_METHODS } });
    }
    return toPayoutMethod(await repo.insertPayoutMethod(trx, { user_id: user.id, ...method }));
  });
}

/**
 * Removes one of the player's own methods; anyone else's id, a deleted or an unknown one: 404 PAYOUT_NOT_FOUND. A
 * frozen player is refused (ACCOUNT_FROZEN), under the lock on his row, as for a bind.
 */
export async function deletePayoutMethod(db: Db, user: SessionUser, id: number, now: Date): Promise<void> {
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  await playerTransaction(db, user.id, async (trx) => {
    await assertNotFrozen(trx, user.id);
    if (!(await repo.softDeletePayoutMethod(trx, user.id, id, now))) throw new AppError('PAYOUT_NOT_FOUND');
  });
}
