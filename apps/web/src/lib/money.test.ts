import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  maxWithdrawable,
  parseAmount,
  parsePercent,
  toAmountText,
  toPercentText,
  withdrawalFee,
} from './money.ts';

describe('parseAmount', () => {
  it.each([
    ['100', 10000],
    ['1,234.5', 123450],
    ['0.01', 1],
    [' 20.00 ', 2000],
    ['.5', 50],
    ['7.', 700],
    ['007', 700],
  ])('%s → %i minor units', (text, minor) => {
    expect(parseAmount(text, 2)).toEqual({ kind: 'ok', minor });
  });
  it.each(['0.001', '-5', 'abc', '1e3', '1.2.3', '.', '+5', '99999999999999999999', '1,50', '1 000'])(
    '%s is invalid',
    (text) => {
      expect(parseAmount(text, 2)).toEqual({ kind: 'invalid' });
    },
  );
  it('empty text is empty, not zero', () => {
    expect(parseAmount('', 2)).toEqual({ kind: 'empty' });
    expect(parseAmount('   ', 2)).toEqual({ kind: 'empty' });
  });
  it('follows the exponent', () => {
    expect(parseAmount('100', 0)).toEqual({ kind: 'ok', minor: 100 });
    expect(parseAmount('1.5', 0)).toEqual({ kind: 'invalid' });
    expect(parseAmount('1.2345', 4)).toEqual({ kind: 'ok', minor: 12345 });
  });
});

describe('toAmountText / formatAmount', () => {
  it('writes minor units as decimal text', () => {
    expect(toAmountText(123450, 2)).toBe('1234.50');
    expect(toAmountText(5, 2)).toBe('0.05');
    expect(toAmountText(100, 0)).toBe('100');
  });
  it('round-trips', () => {
    for (const n of [0, 1, 99, 100, 123456789])
      expect(parseAmount(toAmountText(n, 2), 2)).toEqual({ kind: 'ok', minor: n });
  });
  it('formats with the currency and exponent', () => {
    expect(formatAmount(123450, 'THB', 2, 'en')).toMatch(/^THB\s1,234\.50$/);
    expect(formatAmount(1000, 'BRL', 2, 'pt')).toMatch(/R\$\s10,00/);
    expect(formatAmount(1000, 'DEMO', 2, 'en')).toBe('10.00 DEMO');
    // A display never throws during render, even for a field an answer lacks.
    expect(formatAmount(undefined as unknown as number, 'THB', 2, 'en')).toMatch(/NaN/);
  });
});

describe('withdrawalFee', () => {
  const rule = { percent_bps: 150, fixed: 500, min: 1000, max: 50000 };
  it('is fixed + ceil(amount × bps / 10000), clamped', () => {
    expect(withdrawalFee(100_000, rule)).toBe(2000); // 500 + 1500
    expect(withdrawalFee(100_001, rule)).toBe(2001); // 1500.015 rounds up
    expect(withdrawalFee(1000, rule)).toBe(1000); // 500 + 15 → min 1000
    expect(withdrawalFee(100_000_000, rule)).toBe(50000); // max
  });
  it('has no ceiling when max is null, and is zero for a free rule', () => {
    expect(withdrawalFee(100_000_000, { ...rule, max: null })).toBe(1_500_500);
    expect(withdrawalFee(12345, { percent_bps: 0, fixed: 0, min: 0, max: null })).toBe(0);
  });
  it('stays exact for huge amounts', () => {
    expect(withdrawalFee(Number.MAX_SAFE_INTEGER, { percent_bps: 10_000, fixed: 0, min: 0, max: null })).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });
});

describe('maxWithdrawable', () => {
  const rule = { percent_bps: 150, fixed: 500, min: 1000, max: 50000 };
  it('is the largest amount with amount + fee within the available money', () => {
    for (const available of [0, 999, 1000, 5000, 101_999, 1_000_000, 123_456_789]) {
      const a = maxWithdrawable(available, rule);
      if (a > 0) expect(a + withdrawalFee(a, rule)).toBeLessThanOrEqual(available);
      expect(a + 1 + withdrawalFee(a + 1, rule)).toBeGreaterThan(available);
    }
  });
  it('is everything when there is no fee', () => {
    expect(maxWithdrawable(5000, { percent_bps: 0, fixed: 0, min: 0, max: null })).toBe(5000);
  });
});

describe('parsePercent / toPercentText', () => {
  it.each([
    ['1.5', 150],
    ['1', 100],
    ['0.05', 5],
    ['100', 10_000],
    ['2 %', 200],
    ['0', 0],
  ])('%s → %i bps', (text, bps) => {
    expect(parsePercent(text)).toEqual({ kind: 'ok', minor: bps });
  });
  it.each(['100.01', '0.001', '-1', 'abc', '150'])('%s is invalid', (text) => {
    expect(parsePercent(text)).toEqual({ kind: 'invalid' });
  });
  it('empty is empty', () => {
    expect(parsePercent(' ')).toEqual({ kind: 'empty' });
  });
  it.each([
    [150, '1.5'],
    [100, '1'],
    [5, '0.05'],
    [0, '0'],
    [10_000, '100'],
    [1_050, '10.5'],
  ])('%i bps → %s', (bps, text) => {
    expect(toPercentText(bps)).toBe(text);
    expect(parsePercent(text)).toEqual({ kind: 'ok', minor: bps });
  });
});
