import { describe, expect, it } from 'vitest';
import { bonusLock, dailyRebate, rebateLine, withdrawableCash } from './rebate.ts';

describe('rebateLine', () => {
  it('rounds down to the minor unit and multiplies the requirement', () => {
    expect(rebateLine('k3', 12_345, { family: 'k3', rateBps: 80, multiple: 3 })).toEqual({
      family: 'k3',
      turnover: 12_345,
      rateBps: 80,
      multiple: 3,
      amount: 98, // 12345 × 0.8 % = 98.76
      requirement: 294,
    });
  });

  it('is exact beyond 2^53 / 10000', () => {
    const big = 9_000_000_000_000_000;
    expect(rebateLine('pk10', big, { family: 'pk10', rateBps: 1000, multiple: 1 }).amount).toBe(900_000_000_000_000);
  });

  it('refuses rates and multiples out of range', () => {
    expect(() => rebateLine('k3', 1, { family: 'k3', rateBps: 1001, multiple: 1 })).toThrow(RangeError);
    expect(() => rebateLine('k3', 1, { family: 'k3', rateBps: 10, multiple: 11 })).toThrow(RangeError);
    expect(() => rebateLine('k3', -1, { family: 'k3', rateBps: 10, multiple: 1 })).toThrow(RangeError);
  });
});

describe('dailyRebate', () => {
  it('sums the families that have a rate', () => {
    const r = dailyRebate(
      new Map([
        ['k3', 10_000],
        ['pk10', 20_000],
        ['ssc', 5_000],
      ]),
      [
        { family: 'k3', rateBps: 100, multiple: 2 },
        { family: 'pk10', rateBps: 50, multiple: 10 },
      ],
    );
    expect(r.amount).toBe(100 + 100);
    expect(r.requirement).toBe(200 + 1000);
    expect(r.lines.map((l) => l.family)).toEqual(['k3', 'pk10']);
  });
});

describe('bonusLock', () => {
  it('locks a claim until its requirement is staked', () => {
    expect(bonusLock([{ amount: 100, requirement: 500, stakedAfter: 200 }])).toEqual({
      locked: 100,
      requirement: 500,
      progress: 200,
    });
    expect(bonusLock([{ amount: 100, requirement: 500, stakedAfter: 500 }]).locked).toBe(0);
    expect(bonusLock([{ amount: 100, requirement: 0, stakedAfter: 0 }]).locked).toBe(0);
  });

  it('piles claims into one open requirement; a stake counts once', () => {
    const lock = bonusLock([
      { amount: 100, requirement: 500, stakedAfter: 300 },
      { amount: 50, requirement: 250, stakedAfter: 300 },
    ]);
    expect(lock).toEqual({ locked: 150, requirement: 750, progress: 600 });
    expect(
      bonusLock([
        { amount: 100, requirement: 500, stakedAfter: 300 },
        { amount: 50, requirement: 250, stakedAfter: 450 },
      ]).locked,
    ).toBe(0);
  });

  it('a met requirement frees the bonus; the next claim starts afresh', () => {
    expect(
      bonusLock([
        { amount: 100, requirement: 500, stakedAfter: 900 },
        { amount: 40, requirement: 200, stakedAfter: 10 },
      ]),
    ).toEqual({ locked: 40, requirement: 200, progress: 10 });
  });

  it('withdrawable cash leaves the locked part', () => {
    const lock = { locked: 150, requirement: 750, progress: 0 };
    expect(withdrawableCash(1000, lock)).toBe(850);
    expect(withdrawableCash(100, lock)).toBe(0);
  });
});
