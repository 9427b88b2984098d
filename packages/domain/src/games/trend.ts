/**
 * The number trend of a game: for each position of its result, how often each number came up in the last periods
 * (`count`) and how many periods ago it last came up (`missing`), with the hot and cold numbers. Pure: the caller
 * hands in the published results, newest first.
 *
 * Positions per family (`key`, the numbers it can show):
 * - pk10: `pos1`..`pos10`, the car in each finishing position, 1..10
 * - ssc: `pos1`..`pos5`, the digit in each position, 0..9
 * - k3: `pos1`..`pos3`, each die in draw order, 1..6; `sum`, the dice total, 3..18
 * - lucky28: `pos1`..`pos3`, each digit in draw order, 0..9; `sum`, their sum, 0..27
 * - marksix: `pos1`..`pos6`, the normal numbers in draw order, and `special`, each 1..49
 *
 * - count: the periods among the window (the results handed in) whose number at that position is this number.
 * - missing: the periods drawn since it last came up there: 0 when it came up in the latest period; the window's
 *   size when it did not come up within the window (so "at least that many").
 * - hot: the numbers with the highest count (ties: the smaller missing, then the smaller number); cold: the lowest
 *   count (ties: the larger missing, then the smaller number). Two of each on a die (six numbers), three on a position
 *   of up to ten numbers, five on a larger one (sums, Mark Six balls); none while no period is drawn.
 */
import type { GameFamily } from './outcome.ts';

export type TrendPositionDef = {
  readonly key: string;
  /** The smallest and largest number the position can show. */
  readonly low: number;
  readonly high: number;
  readonly valueOf: (outcome: readonly number[]) => number;
};

export type NumberStat = { readonly number: number; readonly count: number; readonly missing: number };

export type PositionTrend = {
  readonly key: string;
  /** Every number the position can show, ascending. */
  readonly numbers: NumberStat[];
  readonly hot: number[];
  readonly cold: number[];
};

function at(index: number): (outcome: readonly number[]) => number {
  return (outcome) => {
    const value = outcome[index];
    if (value === undefined) throw new RangeError(`no element ${index} in the result`);
    return value;
  };
}

const total = (outcome: readonly number[]) => outcome.reduce((a, b) => a + b, 0);

function positions(count: number, low: number, high: number): TrendPositionDef[] {
  return Array.from({ length: count }, (_, i) => ({ key: `pos${i + 1}`, low, high, valueOf: at(i) }));
}

const POSITIONS: Readonly<Record<GameFamily, readonly TrendPositionDef[]>> = {
  pk10: positions(10, 1, 10),
  ssc: positions(5, 0, 9),
  k3: [...positions(3, 1, 6), { key: 'sum', low: 3, high: 18, valueOf: total }],
  lucky28: [...positions(3, 0, 9), { key: 'sum', low: 0, high: 27, valueOf: total }],
  marksix: [...positions(6, 1, 49), { key: 'special', low: 1, high: 49, valueOf: at(6) }],
};

/** The positions a family's trend shows, in display order. */
export function trendPositions(family: GameFamily): readonly TrendPositionDef[] {
  return POSITIONS[family];
}

/** How many hot and how many cold numbers a position lists. */
export function hotColdSize(numbers: number): number {
  if (numbers <= 6) return 2;
  return numbers <= 10 ? 3 : 5;
}

function positionTrend(def: TrendPositionDef, newestFirst: readonly (readonly number[])[]): PositionTrend {
  const size = def.high - def.low + 1;
  const counts = new Array<number>(size).fill(0);
  const missing = new Array<number>(size).fill(newestFirst.length);
  newestFirst.forEach((outcome, age) => {
    const i = def.valueOf(outcome) - def.low;
    if (i < 0 || i >= size) throw new RangeError(`${def.key}: ${def.valueOf(outcome)} is out of range`);
    counts[i]! += 1;
    if (missing[i] === newestFirst.length) missing[i] = age;
  });
  const numbers = counts.map((count, i) => ({ number: def.low + i, count, missing: missing[i]! }));
  if (newestFirst.length === 0) return { key: def.key, numbers, hot: [], cold: [] };
  const n = hotColdSize(size);
  const hot = [...numbers].sort((a, b) => b.count - a.count || a.missing - b.missing || a.number - b.number);
  const cold = [...numbers].sort((a, b) => a.count - b.count || b.missing - a.missing || a.number - b.number);
  return {
    key: def.key,
    numbers,
    hot: hot.slice(0, n).map((s) => s.number),
    cold: cold.slice(0, n).map((s) => s.number),
  };
}

/** The trend of every position of `family` over the results given, newest first (the window is all of them). */
export function numberTrend(family: GameFamily, newestFirst: readonly (readonly number[])[]): PositionTrend[] {
  return trendPositions(family).map((def) => positionTrend(def, newestFirst));
}
