import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minor } from './money.ts';
import {
  AmountError,
  CURRENCIES,
  currencyExponent,
  exponentOf,
  formatAmount,
  formatDecimal,
  isCurrencyCode,
  parseAmount,
  parseDecimal,
  type CurrencyCode,
} from './currency.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];

describe('currencies', () => {
  it('know their minor-unit exponent', () => {
    expect(Object.fromEntries(codes.map((c) => [c, currencyExponent(c)]))).toEqual({
      THB: 2,
      BRL: 2,
      USD: 2,
      VND: 0,
      CNY: 2,
      HKD: 2,
      JPY: 0,
      USDT: 2,
    });
    expect(isCurrencyCode('BRL')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});

describe('parseAmount', () => {
  it('reads what users type', () => {
    expect(parseAmount('1,234.50', 'THB')).toBe(123_450);
    expect(parseAmount('100', 'THB')).toBe(10_000);
    expect(parseAmount('100.5', 'BRL')).toBe(10_050);
    expect(parseAmount(' 0.01 ', 'USD')).toBe(1);
    expect(parseAmount('0', 'USD')).toBe(0);
    expect(parseAmount('1,000,000', 'VND')).toBe(1_000_000);
    expect(parseAmount('500', 'JPY')).toBe(500);
    expect(parseAmount('007', 'HKD')).toBe(700);
    expect(parseAmount('12.00', 'CNY')).toBe(1_200);
    expect(parseAmount('7.', 'THB')).toBe(700);
    expect(parseAmount('.5', 'THB')).toBe(50);
  });

  it('rejects negatives, too many decimals and garbage with AMOUNT_INVALID', () => {
    const bad: [string, CurrencyCode][] = [
      ['-1', 'THB'],
      ['+1', 'THB'],
      ['1.234', 'THB'],
      ['100.5', 'VND'],
      ['100.0', 'JPY'],
      ['', 'THB'],
      ['   ', 'THB'],
      ['abc', 'THB'],
      ['1e3', 'THB'],
      ['.', 'THB'],
      ['1,23', 'THB'],
      ['12,34.00', 'THB'],
      ['1,2345', 'THB'],
      [',123', 'THB'],
      ['1 000', 'THB'],
      ['1.000,50', 'BRL'],
      ['0x10', 'THB'],
      ['Infinity', 'THB'],
      ['NaN', 'THB'],
      ['١٢٣', 'THB'],
      ['99999999999999999999', 'THB'],
      ['90071992547409.92', 'USD'],
    ];
    for (const [text, currency] of bad) {
      let error: unknown;
      try {
        parseAmount(text, currency);
      } catch (e) {
        error = e;
      }
      expect(error, `${text} ${currency}`).toBeInstanceOf(AmountError);
      expect((error as AmountError).key).toBe('AMOUNT_INVALID');
    }
    expect(parseAmount('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('formatAmount', () => {
  it('prints plain digits with the currency decimals', () => {
    expect(formatAmount(minor(123_450), 'THB')).toBe('1234.50');
    expect(formatAmount(minor(5), 'USD')).toBe('0.05');
    expect(formatAmount(minor(0), 'BRL')).toBe('0.00');
    expect(formatAmount(minor(1_000_000), 'VND')).toBe('1000000');
    expect(formatAmount(minor(0), 'JPY')).toBe('0');
    expect(formatAmount(-1_050, 'THB')).toBe('-10.50');
    expect(() => formatAmount(1.5, 'THB')).toThrow(AmountError);
  });

  it('round-trips through parseAmount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...codes), (n, c) => {
        return parseAmount(formatAmount(minor(n), c), c) === n;
      }),
    );
  });
});

describe('parseDecimal / formatDecimal (any exponent)', () => {
  it('follow the exponent they are given', () => {
    expect(parseDecimal('100', 0)).toBe(100);
    expect(parseDecimal('1.2345', 4)).toBe(12_345);
    expect(() => parseDecimal('1.5', 0)).toThrow(AmountError);
    expect(formatDecimal(12_345, 4)).toBe('1.2345');
    expect(formatDecimal(5, 2)).toBe('0.05');
  });
  it('exponentOf knows the site currencies and says 2 for others', () => {
    expect(exponentOf('VND')).toBe(0);
    expect(exponentOf('THB')).toBe(2);
    expect(exponentOf('DEMO')).toBe(2);
  });
});
