import { describe, expect, it } from 'vitest';
import { payoutMethod } from '@fairdraw/contract';
import type { PayoutMethodRow } from '../../db/tables-payouts.ts';
import { maskCardNumber, maskPixKey, toPayoutMethod } from './payout-methods.mapper.ts';

const created_at = new Date('2026-11-22T10:00:00Z');
const row = (r: Pick<PayoutMethodRow, 'type' | 'details'>): PayoutMethodRow => ({
  id: 7,
  user_id: 1,
  created_at,
  deleted_at: null,
  ...r,
});

describe('masking', () => {
  it('shows only the last four digits of a card or account number', () => {
    expect(maskCardNumber('4111111111111111')).toBe('•••• 1111');
    expect(maskCardNumber('123456789012')).toBe('•••• 9012');
  });

  it('shows the end of a PIX key only', () => {
    expect(maskPixKey('cpf', '12345678909')).toBe('••••8909');
    expect(maskPixKey('cnpj', '11222333000181')).toBe('••••0181');
    expect(maskPixKey('phone', '+5511987654321')).toBe('••••4321');
    expect(maskPixKey('random', '123e4567-e12b-12d1-a456-426655440000')).toBe('••••0000');
    expect(maskPixKey('email', 'maria.silva@example.com.br')).toBe('•••@example.com.br');
  });
});

describe('toPayoutMethod', () => {
  it('maps each type to the contract shape, masked', () => {
    const bank = toPayoutMethod(
      row({ type: 'bank', details: { name: 'Ann', bank_name: 'KBank', card_number: '4111111111111234' } }),
    );
    expect(bank).toEqual({
      id: 7,
      type: 'bank',
      name: 'Ann',
      bank_name: 'KBank',
      card_number: '•••• 1234',
      created_at: created_at.getTime(),
    });
    const crypto = toPayoutMethod(
      row({
        type: 'crypto',
        details: { alias: 'cold', coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      }),
    );
    expect(crypto).toMatchObject({ type: 'crypto', alias: 'cold', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    const pix = toPayoutMethod(row({ type: 'pix', details: { key_type: 'cpf', key: '12345678909' } }));
    expect(pix).toEqual({ id: 7, type: 'pix', key_type: 'cpf', key: '••••8909', created_at: created_at.getTime() });
    for (const m of [bank, crypto, pix]) expect(payoutMethod.parse(m)).toEqual(m);
    // Nothing of the full number leaks into any field.
    expect(JSON.stringify(bank)).not.toContain('411111111111');
    expect(JSON.stringify(pix)).not.toContain('1234567');
  });
});
