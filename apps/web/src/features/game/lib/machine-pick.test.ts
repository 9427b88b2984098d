import { describe, expect, it } from 'vitest';
import { randomIndex, randomNumbers, type Random } from './machine-pick.ts';

/** A generator that answers the given words in turn. */
const words =
  (...values: number[]): Random =>
  (a) => {
    a[0] = values.shift() ?? 0;
    return a;
  };

describe('machine pick', () => {
  it('takes an index below n, refusing the biased top of the 32-bit range', () => {
    expect(randomIndex(10, words(7))).toBe(7);
    expect(randomIndex(10, words(2 ** 32 - 1, 13))).toBe(3);
    expect(() => randomIndex(0)).toThrow(RangeError);
  });

  it('picks different numbers in range, ascending, from the browser generator', () => {
    for (let run = 0; run < 50; run += 1) {
      const picked = randomNumbers(3, 49);
      expect(new Set(picked).size).toBe(3);
      expect(picked.every((n) => n >= 1 && n <= 49)).toBe(true);
      expect([...picked].sort((a, b) => a - b)).toEqual(picked);
    }
    expect(randomNumbers(2, 49, words(0, 0))).toEqual([1, 2]);
  });
});
