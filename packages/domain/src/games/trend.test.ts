import { describe, expect, it } from 'vitest';
import { hotColdSize, numberTrend, trendPositions } from './trend.ts';

describe('numberTrend', () => {
  it('counts each number per position and the periods since it last came up (K3, newest first)', () => {
    const newestFirst = [
      [1, 2, 3], // sum 6
      [1, 1, 4], // sum 6
      [6, 6, 6], // sum 18
      [2, 5, 1], // sum 8
    ];
    const trend = numberTrend('k3', newestFirst);
    expect(trend.map((p) => p.key)).toEqual(['pos1', 'pos2', 'pos3', 'sum']);
    const die1 = trend[0]!;
    expect(die1.numbers).toEqual([
      { number: 1, count: 2, missing: 0 },
      { number: 2, count: 1, missing: 3 },
      { number: 3, count: 0, missing: 4 },
      { number: 4, count: 0, missing: 4 },
      { number: 5, count: 0, missing: 4 },
      { number: 6, count: 1, missing: 2 },
    ]);
    // Hot: highest count, then the most recent; cold: lowest count, then the longest missing, then the smaller number.
    expect(die1.hot).toEqual([1, 6]);
    expect(die1.cold).toEqual([3, 4]);
    const sum = trend[3]!;
    expect(sum.numbers).toHaveLength(16);
    expect(sum.numbers[0]).toEqual({ number: 3, count: 0, missing: 4 });
    expect(sum.numbers.find((n) => n.number === 6)).toEqual({ number: 6, count: 2, missing: 0 });
    expect(sum.numbers.find((n) => n.number === 8)).toEqual({ number: 8, count: 1, missing: 3 });
    expect(sum.numbers.find((n) => n.number === 18)).toEqual({ number: 18, count: 1, missing: 2 });
    expect(sum.hot).toEqual([6, 18, 8, 3, 4]);
    expect(sum.numbers.reduce((a, n) => a + n.count, 0)).toBe(4);
  });

  it('reads Mark Six normal balls by draw order and the special number apart', () => {
    const trend = numberTrend('marksix', [
      [18, 4, 35, 27, 10, 23, 21],
      [7, 30, 35, 36, 25, 23, 4],
    ]);
    expect(trend.map((p) => p.key)).toEqual(['pos1', 'pos2', 'pos3', 'pos4', 'pos5', 'pos6', 'special']);
    const special = trend[6]!;
    expect(special.numbers).toHaveLength(49);
    expect(special.numbers[20]).toEqual({ number: 21, count: 1, missing: 0 });
    expect(special.numbers[3]).toEqual({ number: 4, count: 1, missing: 1 });
    expect(trend[2]!.numbers[34]).toEqual({ number: 35, count: 2, missing: 0 });
    expect(special.hot).toHaveLength(5);
  });

  it('positions cover each family: PK10 ten cars, SSC five digits, Lucky 28 three digits and the sum', () => {
    expect(trendPositions('pk10').map((p) => [p.key, p.low, p.high])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`pos${i + 1}`, 1, 10]),
    );
    expect(trendPositions('ssc').map((p) => [p.low, p.high])).toEqual(Array.from({ length: 5 }, () => [0, 9]));
    expect(trendPositions('lucky28').map((p) => [p.key, p.low, p.high])).toEqual([
      ['pos1', 0, 9],
      ['pos2', 0, 9],
      ['pos3', 0, 9],
      ['sum', 0, 27],
    ]);
    const pk10 = numberTrend('pk10', [[4, 6, 9, 8, 1, 3, 7, 2, 10, 5]]);
    expect(pk10[0]!.numbers.find((n) => n.number === 4)).toEqual({ number: 4, count: 1, missing: 0 });
    expect(pk10[0]!.numbers.find((n) => n.number === 5)).toEqual({ number: 5, count: 0, missing: 1 });
    expect(numberTrend('lucky28', [[1, 8, 6]])[3]!.numbers[15]).toEqual({ number: 15, count: 1, missing: 0 });
  });

  it('with no period drawn every number is missing for the whole (empty) window and nothing is hot or cold', () => {
    const [first] = numberTrend('ssc', []);
    expect(first!.numbers.every((n) => n.count === 0 && n.missing === 0)).toBe(true);
    expect(first!.hot).toEqual([]);
    expect(first!.cold).toEqual([]);
    expect(hotColdSize(6)).toBe(2);
    expect(hotColdSize(10)).toBe(3);
    expect(hotColdSize(49)).toBe(5);
  });

  it('refuses a result outside the position range', () => {
    expect(() => numberTrend('k3', [[0, 1, 2]])).toThrow(RangeError);
  });
});
