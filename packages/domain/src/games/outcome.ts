/**
 * What a draw produces, per game family. Outcomes are plain arrays of integers in draw order, the same
 * shape that is published beside the seed, so a verifier can compare them element by element.
 */
export type GameFamily = 'pk10' | 'k3' | 'ssc' | 'lucky28' | 'marksix';

export const GAME_FAMILIES: readonly GameFamily[] = ['pk10', 'k3', 'ssc', 'lucky28', 'marksix'];

/** Finishing order: element 0 is the car in position 1 (the champion), … element 9 the last. */
export type Pk10Outcome = readonly number[];
/** Three dice 1..6 in draw order. */
export type K3Outcome = readonly number[];
/** Five digits 0..9, positions 1..5. */
export type SscOutcome = readonly number[];
/** Three digits 0..9; the result is their sum. */
export type Lucky28Outcome = readonly number[];
/** Seven balls from 1..49 without replacement: six normal numbers in draw order, then the special number. */
export type MarkSixOutcome = readonly number[];

export type OutcomeOf = {
  pk10: Pk10Outcome;
  k3: K3Outcome;
  ssc: SscOutcome;
  lucky28: Lucky28Outcome;
  marksix: MarkSixOutcome;
};

export type DrawOutcome = readonly number[];

function integersIn(values: readonly number[], length: number, low: number, high: number): boolean {
  return values.length === length && values.every((v) => Number.isInteger(v) && v >= low && v <= high);
}

/** True when `outcome` is a possible result of a draw of `family` (used before settling and by the tests). */
export function isValidOutcome(family: GameFamily, outcome: readonly number[]): boolean {
  switch (family) {
    case 'pk10':
      return integersIn(outcome, 10, 1, 10) && new Set(outcome).size === 10;
    case 'k3':
      return integersIn(outcome, 3, 1, 6);
    case 'ssc':
      return integersIn(outcome, 5, 0, 9);
    case 'lucky28':
      return integersIn(outcome, 3, 0, 9);
    case 'marksix':
      return integersIn(outcome, 7, 1, 49) && new Set(outcome).size === 7;
  }
}
