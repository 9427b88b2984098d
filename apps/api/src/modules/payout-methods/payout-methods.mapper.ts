import type { CryptoCoin, PayoutMethod, PixKeyType } from '@fairdraw/contract';
import type { BankDetails, CryptoDetails, PayoutMethodRow, PixDetails } from '../../db/tables-payouts.ts';

/**
 * What the player sees of a bound method (README "Payout methods"):
 * - bank: the card or account number as '•••• 1234' (its last four digits); holder and bank name in full;
 * - crypto: the address in full — it is public, and the player must be able to check where the money goes;
 * - PIX: the key type in full, the key masked but for its end: '••••' + the last four characters for CPF, CNPJ,
 *   phone and random keys, '•••' + '@domain' for an e-mail.
 */
export const MASK = '••••';

export function maskCardNumber(digits: string): string {
  return `${MASK} ${digits.slice(-4)}`;
}

export function maskPixKey(type: PixKeyType, key: string): string {
  if (type === 'email') {
    const at = key.lastIndexOf('@');
    return `•••${at >= 0 ? key.slice(at) : ''}`;
  }
  return `${MASK}${key.slice(-4)}`;
}

/**
 * A stored row → the contract's payoutMethod, masked. For withdrawals too (their `payout` field). Operators paying
 * a withdrawal get it unmasked (`{ masked: false }`), since they must send the money somewhere real.
 */
export function toPayoutMethod(row: PayoutMethodRow, { masked = true }: { masked?: boolean } = {}): PayoutMethod {
  const created_at = row.created_at.getTime();
  switch (row.type) {
    case 'bank': {
      const d = row.details as BankDetails;
      return {
        id: row.id,
        type: 'bank',
        name: d.name,
        bank_name: d.bank_name,
        card_number: masked ? maskCardNumber(d.card_number) : d.card_number,
        created_at,
      };
    }
    case 'crypto': {
      const d = row.details as CryptoDetails;
      return {
        id: row.id,
        type: 'crypto',
        alias: d.alias,
        coin: d.coin satisfies CryptoCoin,
        address: d.address,
        created_at,
      };
    }
    case 'pix': {
      const d = row.details as PixDetails;
      const key = masked ? maskPixKey(d.key_type, d.key) : d.key;
      return { id: row.id, type: 'pix', key_type: d.key_type, key, created_at };
    }
  }
}
