import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCardNetworkNumber, luhnValid, normalizeBankCardNumber } from './bank-card.ts';

describe('luhnValid', () => {
  it('knows the test card numbers', () => {
    for (const good of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '79927398713']) {
      expect(luhnValid(good), good).toBe(true);
    }
    for (const bad of ['4111111111111112', '79927398710', '', '4111-1111']) expect(luhnValid(bad), bad).toBe(false);
  });

  it('catches every single-digit error', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        const check = [...'0123456789'].find((c) => luhnValid(body + c)) ?? '';
        const number = body + check;
        const changed = number.slice(0, pos) + ((Number(number[pos]) + delta) % 10) + number.slice(pos + 1);
        return luhnValid(number) && !luhnValid(changed);
      }),
    );
  });
});

describe('bank card numbers', () => {
  it('accepts formatted card numbers that pass Luhn', () => {
    expect(normalizeBankCardNumber('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(normalizeBankCardNumber('5555-5555-5555-4444')).toBe('5555555555554444');
    expect(normalizeBankCardNumber('6011 0009 9013 9424')).not.toBeNull();
    expect(normalizeBankCardNumber('6200 0000 0000 0005')).not.toBeNull(); // UnionPay test card
    expect(normalizeBankCardNumber('4111 1111 1111 1112')).toBeNull();
  });

  it('skips Luhn for 12–15 digit account numbers and other leading digits', () => {
    expect(isCardNetworkNumber('4111111111111111')).toBe(true);
    expect(isCardNetworkNumber('123456789012')).toBe(false);
    expect(normalizeBankCardNumber('123-4-56789-012')).not.toBeNull(); // 12 digits, not Luhn
    expect(normalizeBankCardNumber('123456789012345')).not.toBeNull(); // 15 digits
    expect(normalizeBankCardNumber('9111111111111112')).not.toBeNull(); // 16 digits but not a network prefix
  });

  it('refuses other lengths and characters', () => {
    for (const bad of [
      '',
      '12345678901',
      '1234567890',
      '12345678901234567890',
      '4111 1111 1111 111a',
      '4111.1111.1111.1111',
    ]) {
      expect(normalizeBankCardNumber(bad), bad).toBeNull();
    }
  });
});
