import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minor, MoneyError } from './money.ts';
import { checkWithdrawalFeeRule, maxWithdrawable, withdrawalFee, type WithdrawalFeeRule } from './fees.ts';

const rule = (percentBps: number, fixed: number, min: number, max: number | null): WithdrawalFeeRule => ({
  percentBps,
  fixed: minor(fixed),
  min: minor(min),
  max: max === null ? null : minor(max),
});
const NO_WITHDRAWAL_FEE = rule(0, 0, 0, null);

describe('withdrawalFee', () => {
  it('adds the fixed part to the percentage rounded up', () => {
    expect(withdrawalFee(minor(10_000), rule(150, 0, 0, null))).toBe(150); // 1.5 % of 100.00
    expect(withdrawalFee(minor(10_001), rule(150, 0, 0, null))).toBe(151); // 150.015 → 151
    expect(withdrawalFee(minor(1), rule(1, 0, 0, null))).toBe(1); // 0.0001 → 1
    expect(withdrawalFee(minor(10_000), rule(100, 500, 0, null))).toBe(600);
    expect(withdrawalFee(minor(0), rule(100, 500, 0, null))).toBe(500);
    expect(withdrawalFee(minor(123_456), NO_WITHDRAWAL_FEE)).toBe(0);
  });

  it('clamps to [min, max]', () => {
    expect(withdrawalFee(minor(1_000), rule(100, 0, 200, 5_000))).toBe(200);
    expect(withdrawalFee(minor(10_000_000), rule(100, 0, 200, 5_000))).toBe(5_000);
    expect(withdrawalFee(minor(300_000), rule(100, 0, 200, 5_000))).toBe(3_000);
    expect(withdrawalFee(minor(300_000), rule(100, 0, 3_000, 3_000))).toBe(3_000);
  });

  it('is exact for amounts where floating point is not', () => {
    const big = Number.MAX_SAFE_INTEGER - 1; // 9007199254740990
    expect(withdrawalFee(minor(big), rule(1, 0, 0, null))).toBe(900_719_925_475); // ceil(900719925474.099)
    expect(withdrawalFee(minor(big), rule(10_000, 0, 0, 1))).toBe(1);
    expect(() => withdrawalFee(minor(big), rule(10_000, 10, 0, null))).toThrow(MoneyError);
  });

  it('rejects rules that make no sense', () => {
    expect(() => checkWithdrawalFeeRule({ ...NO_WITHDRAWAL_FEE, percentBps: -1 })).toThrow(MoneyError);
    expect(() => checkWithdrawalFeeRule({ ...NO_WITHDRAWAL_FEE, percentBps: 1.5 })).toThrow(MoneyError);
    expect(() => checkWithdrawalFeeRule(rule(0, 0, 10, 5))).toThrow(MoneyError);
    expect(() => withdrawalFee(-5 as never, NO_WITHDRAWAL_FEE)).toThrow(MoneyError);
  });

  it('matches the formula and stays within bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.option(fc.integer({ min: 0, max: 10 ** 7 })),
        (amount, bps, fixed, min, extra) => {
          const max = extra === null ? null : min + extra;
          const fee = withdrawalFee(minor(amount), rule(bps, fixed, min, max));
          const product = amount * bps; // < 2^53 here, so exact
          const raw = fixed + (product - (product % 10_000)) / 10_000 + (product % 10_000 === 0 ? 0 : 1);
          const expected = Math.max(min, max === null ? raw : Math.min(max, raw));
          return Number.isSafeInteger(fee) && fee === expected && fee >= min && (max === null || fee <= max);
        },
      ),
    );
  });
});

describe('maxWithdrawable', () => {
  it('is the largest amount with amount + fee within the available money', () => {
    const r = rule(150, 500, 1000, 50_000);
    for (const available of [0, 999, 1000, 5000, 101_999, 1_000_000, 123_456_789]) {
      const a = maxWithdrawable(minor(available), r);
      if (a > 0) expect(a + withdrawalFee(a, r)).toBeLessThanOrEqual(available);
      expect(a + 1 + withdrawalFee(minor(a + 1), r)).toBeGreaterThan(available);
    }
  });
  it('is everything when there is no fee, nothing when the fee alone does not fit', () => {
    expect(maxWithdrawable(minor(5000), NO_WITHDRAWAL_FEE)).toBe(5000);
    expect(maxWithdrawable(minor(999), rule(0, 1000, 0, null))).toBe(0);
  });
});
