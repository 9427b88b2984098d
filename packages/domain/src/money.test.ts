import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskNickname, minor, MoneyError, oddsBps, payout } from './money.ts';

describe('money', () => {
  it('accepts only non-negative safe integers', () => {
    expect(minor(0)).toBe(0);
    expect(minor(1999)).toBe(1999);
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => minor(bad)).toThrow(MoneyError);
    }
  });

  it('pays floor(stake × odds / 10000)', () => {
    expect(payout(minor(1000), oddsBps(19800))).toBe(1980);
    expect(payout(minor(333), oddsBps(19800))).toBe(659); // 659.34 → 659
    expect(payout(minor(1), oddsBps(98000))).toBe(9);
  });

  it('never pays a fraction and never less than the stake at odds ≥ 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 10000, max: 9_500_000 }), (s, o) => {
        const p = payout(minor(s), oddsBps(o));
        const exact = BigInt(s) * BigInt(o);
        return Number.isSafeInteger(p) && p >= s && BigInt(p) * 10000n <= exact && BigInt(p + 1) * 10000n > exact;
      }),
    );
  });

  it('masks nicknames, including Thai and Chinese ones', () => {
    expect(maskNickname('LuckyStar')).toBe('L***r');
    expect(maskNickname('สมชาย')).toBe('ส***ย');
    expect(maskNickname('王')).toBe('王***');
    expect(maskNickname('')).toBe('***');
  });
});
