import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExchangeRateError, isExchangeRate, normalizeExchangeRate, toChannelAmount } from './exchange-rate.ts';

describe('exchange rates', () => {
  it('are plain positive decimals, normalized', () => {
    expect(normalizeExchangeRate('0.1550')).toBe('0.155');
    expect(normalizeExchangeRate(' 007 ')).toBe('7');
    expect(normalizeExchangeRate('36.50')).toBe('36.5');
    expect(normalizeExchangeRate('1.000000001')).toBe('1.000000001');
    for (const bad of ['', '0', '0.000', '-1', '+1', '1e3', '1,5', '.5', '5.', 'NaN', '1.0000000001', '1234567890']) {
      expect(isExchangeRate(bad), bad).toBe(false);
      expect(() => normalizeExchangeRate(bad)).toThrow(ExchangeRateError);
    }
  });

  it('convert the site amount into the channel currency, rounded up to its minor unit', () => {
    // ฿123.45 at ฿1 = R$0.155: R$19.13475 → R$19.14.
    expect(toChannelAmount(12_345, 'THB', 'BRL', '0.155')).toBe(1_914);
    // ฿123.45 at ฿1 = 0.0285 USDT: 3.5183… → 3.52 USDT.
    expect(toChannelAmount(12_345, 'THB', 'USDT', '0.0285')).toBe(352);
    // Exact products are not rounded.
    expect(toChannelAmount(10_000, 'THB', 'BRL', '0.155')).toBe(1_550);
    // Exponents differ: 1,000 JPY at ¥1 = ฿0.23 is ฿230.00; ฿1.00 at ฿1 = 730 VND is 730 VND.
    expect(toChannelAmount(1_000, 'JPY', 'THB', '0.23')).toBe(23_000);
    expect(toChannelAmount(100, 'THB', 'VND', '730')).toBe(730);
    expect(toChannelAmount(1, 'THB', 'VND', '730.5')).toBe(8);
  });

  it('need no rate in the same currency, and a rate in another', () => {
    expect(toChannelAmount(12_345, 'THB', 'THB', null)).toBe(12_345);
    expect(() => toChannelAmount(12_345, 'THB', 'BRL', null)).toThrow(ExchangeRateError);
    expect(() => toChannelAmount(1.5, 'THB', 'BRL', '1')).toThrow(ExchangeRateError);
    expect(() => toChannelAmount(Number.MAX_SAFE_INTEGER, 'THB', 'BRL', '999999999')).toThrow(ExchangeRateError);
  });

  it('never leave the house short, and overcharge by less than one channel minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 6 }),
        (amount, digits, scale) => {
          const text = (digits / 10 ** scale).toFixed(scale);
          const got = BigInt(toChannelAmount(amount, 'THB', 'BRL', text));
          // Exact value × 10^scale: amount × digits (both currencies have 2 decimals).
          const exact = BigInt(amount) * BigInt(digits);
          const unit = 10n ** BigInt(scale);
          expect(got * unit >= exact).toBe(true);
          expect((got - 1n) * unit < exact || got === 0n).toBe(true);
        },
      ),
    );
  });
});
