/**
 * PK10: ten cars finish in a random order. Outcome element i is the car in position i + 1.
 *
 * Play codes:
 * - `pk10.pos{N}.num{C}` car C finishes in position N (N, C = 1..10)            group `position-{N}`
 * - `pk10.pos{N}.big|small|odd|even` the car in position N (big = 6..10)         group `big-small`
 * - `pk10.dt{N}.dragon|tiger` N = 1..5 compares positions N and 11 − N;
 *   dragon wins when the car in the earlier position is higher                     group `dragon-tiger`
 * - `pk10.sum.{S}` champion + runner-up = S (3..19)                               group `sum`
 * - `pk10.sum.big|small|odd|even` big = 12..19, small = 3..11 (11 is small and odd)  group `sum`
 */
import { playBuilder, onSide, TWO_SIDES, type PlayDefinition, type PlayResult, type TwoSided } from './play.ts';
import type { Pk10Outcome } from './outcome.ts';

export type Pk10Rule =
  | { readonly kind: 'position-number'; readonly position: number; readonly car: number }
  | { readonly kind: 'position-two-sided'; readonly position: number; readonly side: TwoSided }
  | { readonly kind: 'dragon-tiger'; readonly pair: number; readonly side: 'dragon' | 'tiger' }
  | { readonly kind: 'sum'; readonly sum: number }
  | { readonly kind: 'sum-two-sided'; readonly side: TwoSided };

export type Pk10Play = PlayDefinition<'pk10', Pk10Rule>;

/** Default odds of each champion + runner-up sum, by groups of equal ways out of 90 (2, 4, 6, 8, 10). */
// prettier-ignore
const SUM_ODDS: Readonly<Record<number, number>> = {
  3: 42.5, 4: 42.5, 18: 42.5, 19: 42.5,
  5: 21.3, 6: 21.3, 16: 21.3, 17: 21.3,
  7: 14.2, 8: 14.2, 14: 14.2, 15: 14.2,
  9: 10.6, 10: 10.6, 12: 10.6, 13: 10.6,
  11: 8.5,
};

const play = playBuilder<'pk10', Pk10Rule>('pk10');

function buildPk10Plays(): readonly Pk10Play[] {
  const plays: Pk10Play[] = [];
  for (let position = 1; position <= 10; position += 1) {
    for (let car = 1; car <= 10; car += 1) {
      plays.push(
        play(
          `pk10.pos${position}.num${car}`,
          `position-${position}`,
          `Position ${position}: car ${car}`,
          'play.pk10.positionNumber',
          { position, car },
          9.8,
          { kind: 'position-number', position, car },
        ),
      );
    }
  }
  for (let position = 1; position <= 10; position += 1) {
    for (const side of TWO_SIDES) {
      plays.push(
        play(
          `pk10.pos${position}.${side}`,
          'big-small',
          `Position ${position}: ${side}`,
          `play.pk10.position.${side}`,
          { position },
          1.98,
          { kind: 'position-two-sided', position, side },
        ),
      );
    }
  }
  for (let pair = 1; pair <= 5; pair += 1) {
    for (const side of ['dragon', 'tiger'] as const) {
      plays.push(
        play(
          `pk10.dt${pair}.${side}`,
          'dragon-tiger',
          `${pair} vs ${11 - pair}: ${side}`,
          `play.pk10.${side}`,
          { first: pair, second: 11 - pair },
          1.98,
          { kind: 'dragon-tiger', pair, side },
        ),
      );
    }
  }
  for (let sum = 3; sum <= 19; sum += 1) {
    plays.push(
      play(`pk10.sum.${sum}`, 'sum', `Champion + runner-up: ${sum}`, 'play.pk10.sum', { sum }, SUM_ODDS[sum] ?? 0, {
        kind: 'sum',
        sum,
      }),
    );
  }
  const sumOdds: Readonly<Record<TwoSided, number>> = { big: 2.2, small: 1.78, odd: 1.78, even: 2.2 };
  for (const side of TWO_SIDES) {
    plays.push(
      play(`pk10.sum.${side}`, 'sum', `Champion + runner-up: ${side}`, `play.pk10.sum.${side}`, {}, sumOdds[side], {
        kind: 'sum-two-sided',
        side,
      }),
    );
  }
  return plays;
}

export const PK10_PLAYS: readonly Pk10Play[] = buildPk10Plays();

function car(outcome: Pk10Outcome, position: number): number {
  const value = outcome[position - 1];
  if (value === undefined) throw new RangeError(`no position ${position} in a PK10 result`);
  return value;
}

export function settlePk10(play: Pk10Play, outcome: Pk10Outcome): PlayResult {
  const rule = play.rule;
  let won: boolean;
  switch (rule.kind) {
    case 'position-number':
      won = car(outcome, rule.position) === rule.car;
      break;
    case 'position-two-sided':
      won = onSide(car(outcome, rule.position), 6, rule.side);
      break;
    case 'dragon-tiger': {
      const earlier = car(outcome, rule.pair);
      const later = car(outcome, 11 - rule.pair);
      won = rule.side === 'dragon' ? earlier > later : earlier < later;
      break;
    }
    case 'sum':
      won = car(outcome, 1) + car(outcome, 2) === rule.sum;
      break;
    case 'sum-two-sided':
      won = onSide(car(outcome, 1) + car(outcome, 2), 12, rule.side);
      break;
  }
  return won ? 'win' : 'lose';
}
