/**
 * Mark Six: six normal numbers and a special number drawn from 1..49. Outcome elements 0..5 are the normal numbers in
 * draw order, element 6 the special number.
 *
 * Zodiac plays depend on the lunar year, so Mark Six plays are built for a draw date: resolve a bet's play with
 * the date of the period it is on (the date in its issue number), not today's date.
 *
 * Play codes:
 * - `ms.special.num.{N}` special = N                                                     group `special-number`
 * - `ms.special.big|small` (25..48 / 1..24), `ms.special.odd|even`,
 *   `ms.special.digitsum.big|small` (digit sum ≥ 7 / ≤ 6), `ms.special.tail.big|small` (last digit 5..9 / 0..4)
 *   — rule 49: a special number of 49 pushes every one of these                        group `special-two-sided`
 * - `ms.special.colour.red|blue|green` colour of the special                              group `special-colour`
 * - `ms.special.zodiac.{animal}` the special's animal                                     group `special-zodiac`
 * - `ms.zodiac.{animal}` one zodiac: one of the animal's numbers is among all seven balls     group `one-zodiac`
 * - `ms.normal.num.{N}` N is among the six normal numbers                                 group `normal-number`
 * - `ms.all2.{A}-{B}`, `ms.all3.{A}-{B}-{C}` (ascending) all chosen numbers among the six normal numbers
 *   (built on demand by `markSixAllIn`, not listed: there are 1176 and 18424 of them)             group `all-in`
 * Colour and zodiac bets settle normally on 49. Half-wave is not offered (it has no published odds).
 */
import { playBuilder, PlayError, type PlayDefinition, type PlayResult } from './play.ts';
import type { MarkSixOutcome } from './outcome.ts';
import { yearAnimal, zodiacNumbers, ZODIACS, type Zodiac } from './zodiac.ts';

export type MarkSixColour = 'red' | 'blue' | 'green';

const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];

/** The fixed colour of a Mark Six number (the 16 numbers neither red nor blue are green). */
export function markSixColour(n: number): MarkSixColour {
  if (!Number.isInteger(n) || n < 1 || n > 49) throw new PlayError(`not a Mark Six number: ${n}`);
  if (RED.includes(n)) return 'red';
  if (BLUE.includes(n)) return 'blue';
  return 'green';
}

export type MarkSixSpecialSide =
  'big' | 'small' | 'odd' | 'even' | 'digitsum.big' | 'digitsum.small' | 'tail.big' | 'tail.small';

const SPECIAL_SIDES: readonly MarkSixSpecialSide[] = [
  'big',
  'small',
  'odd',
  'even',
  'digitsum.big',
  'digitsum.small',
  'tail.big',
  'tail.small',
];

export type MarkSixRule =
  | { readonly kind: 'special-number'; readonly number: number }
  | { readonly kind: 'special-two-sided'; readonly side: MarkSixSpecialSide }
  | { readonly kind: 'special-colour'; readonly colour: MarkSixColour }
  | { readonly kind: 'special-zodiac'; readonly animal: Zodiac; readonly numbers: readonly number[] }
  | { readonly kind: 'one-zodiac'; readonly animal: Zodiac; readonly numbers: readonly number[] }
  | { readonly kind: 'normal-number'; readonly number: number }
  | { readonly kind: 'all-in'; readonly numbers: readonly number[] };

export type MarkSixPlay = PlayDefinition<'marksix', MarkSixRule>;

const COLOUR_ODDS: Readonly<Record<MarkSixColour, number>> = { red: 2.75, blue: 2.9, green: 2.9 };

const play = playBuilder<'marksix', MarkSixRule>('marksix');

function sideName(side: MarkSixSpecialSide): string {
  return side.replace('digitsum.', 'digit sum ').replace('tail.', 'tail ');
}

/** Every listed Mark Six play for a draw on `drawDate` (YYYY-MM-DD, business time zone). */
export function markSixPlays(drawDate: string): readonly MarkSixPlay[] {
  const plays: MarkSixPlay[] = [];
  for (let number = 1; number <= 49; number += 1) {
    plays.push(
      play(`ms.special.num.${number}`, 'special-number', `Special ${number}`, 'play.ms.specialNumber', { number }, 47, {
        kind: 'special-number',
        number,
      }),
    );
  }
  for (const side of SPECIAL_SIDES) {
    plays.push(
      play(
        `ms.special.${side}`,
        'special-two-sided',
        `Special ${sideName(side)}`,
        `play.ms.special.${side}`,
        {},
        1.96,
        {
          kind: 'special-two-sided',
          side,
        },
      ),
    );
  }
  for (const colour of ['red', 'blue', 'green'] as const) {
    plays.push(
      play(
        `ms.special.colour.${colour}`,
        'special-colour',
        `Special ${colour}`,
        `play.ms.colour.${colour}`,
        {},
        COLOUR_ODDS[colour],
        {
          kind: 'special-colour',
          colour,
        },
      ),
    );
  }
  const yearly = yearAnimal(drawDate);
  for (const animal of ZODIACS) {
    const numbers = zodiacNumbers(animal, drawDate);
    const isYearAnimal = animal === yearly;
    plays.push(
      play(
        `ms.special.zodiac.${animal}`,
        'special-zodiac',
        `Special zodiac ${animal}`,
        'play.ms.specialZodiac',
        { animal },
        isYearAnimal ? 9.4 : 11.8,
        { kind: 'special-zodiac', animal, numbers },
      ),
    );
  }
  for (const animal of ZODIACS) {
    const numbers = zodiacNumbers(animal, drawDate);
    plays.push(
      play(
        `ms.zodiac.${animal}`,
        'one-zodiac',
        `One zodiac ${animal}`,
        'play.ms.oneZodiac',
        { animal },
        animal === yearly ? 1.75 : 2.05,
        {
          kind: 'one-zodiac',
          animal,
          numbers,
        },
      ),
    );
  }
  for (let number = 1; number <= 49; number += 1) {
    plays.push(
      play(`ms.normal.num.${number}`, 'normal-number', `Normal ${number}`, 'play.ms.normalNumber', { number }, 7.8, {
        kind: 'normal-number',
        number,
      }),
    );
  }
  return plays;
}

/** A two or three all-in play on the chosen numbers (any order; the code lists them ascending). */
export function markSixAllIn(numbers: readonly number[]): MarkSixPlay {
  const sorted = [...numbers].sort((a, b) => a - b);
  const valid =
    (sorted.length === 2 || sorted.length === 3) &&
    sorted.every((n, i) => Number.isInteger(n) && n >= 1 && n <= 49 && (i === 0 || n > sorted[i - 1]!));
  if (!valid)
    throw new PlayError(`an all-in play needs two or three different numbers from 1..49: ${numbers.join(',')}`);
  const list = sorted.join('-');
  const two = sorted.length === 2;
  return play(
    `ms.all${sorted.length}.${list}`,
    'all-in',
    `${two ? 'Two' : 'Three'} all-in ${sorted.join(', ')}`,
    two ? 'play.ms.twoAllIn' : 'play.ms.threeAllIn',
    { numbers: sorted.join(', ') },
    two ? 72 : 830,
    { kind: 'all-in', numbers: sorted },
  );
}

function specialSide(special: number, side: MarkSixSpecialSide): boolean {
  const digitSum = Math.floor(special / 10) + (special % 10);
  const tail = special % 10;
  switch (side) {
    case 'big':
      return special >= 25;
    case 'small':
      return special <= 24;
    case 'odd':
      return special % 2 === 1;
    case 'even':
      return special % 2 === 0;
    case 'digitsum.big':
      return digitSum >= 7;
    case 'digitsum.small':
      return digitSum <= 6;
    case 'tail.big':
      return tail >= 5;
    case 'tail.small':
      return tail <= 4;
  }
}

export function settleMarkSix(play: MarkSixPlay, outcome: MarkSixOutcome): PlayResult {
  const rule = play.rule;
  const special = outcome[6];
  if (special === undefined) throw new RangeError('a Mark Six result has seven balls');
  const normals = outcome.slice(0, 6);
  let won: boolean;
  switch (rule.kind) {
    case 'special-number':
      won = special === rule.number;
      break;
    case 'special-two-sided':
      // Rule 49: 49 sits on neither side of any two-sided special bet, so the stake comes back.
      if (special === 49) return 'push';
      won = specialSide(special, rule.side);
      break;
    case 'special-colour':
      won = markSixColour(special) === rule.colour;
      break;
    case 'special-zodiac':
      won = rule.numbers.includes(special);
      break;
    case 'one-zodiac':
      won = outcome.some((n) => rule.numbers.includes(n));
      break;
    case 'normal-number':
      won = normals.includes(rule.number);
      break;
    case 'all-in':
      won = rule.numbers.every((n) => normals.includes(n));
      break;
  }
  return won ? 'win' : 'lose';
}
