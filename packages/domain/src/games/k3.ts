/**
 * K3 (fast three): three dice 1..6.
 *
 * Play codes:
 * - `k3.sum.{S}` total S = 4..17. Totals 3 and 18 are only sold as the triples 1-1-1 and 6-6-6.   group `sum`
 * - `k3.big|small|odd|even` big = 11..18, small = 3..10; all four lose on any triple.            group `big-small`
 * - `k3.triple.{X}` all three dice show X; `k3.triple.any` any triple                         group `triple`
 * - `k3.pair.{X}` at least two dice show X                                                     group `pair`
 * - `k3.two.{A}-{B}` (A < B) both A and B appear                                             group `two-different`
 * - `k3.three.{A}-{B}-{C}` (A < B < C) the dice are exactly A, B, C in any order         group `three-different`
 * - `k3.straight.any` 1-2-3, 2-3-4, 3-4-5 or 4-5-6 in any order                          group `three-different`
 * - `k3.single.{X}` X appears at least once; paid once however many dice show it              group `single`
 */
import { playBuilder, onSide, TWO_SIDES, type PlayDefinition, type PlayResult, type TwoSided } from './play.ts';
import type { K3Outcome } from './outcome.ts';

export type K3Rule =
  | { readonly kind: 'sum'; readonly sum: number }
  | { readonly kind: 'two-sided'; readonly side: TwoSided }
  | { readonly kind: 'triple'; readonly face: number }
  | { readonly kind: 'any-triple' }
  | { readonly kind: 'pair'; readonly face: number }
  | { readonly kind: 'two-different'; readonly faces: readonly [number, number] }
  | { readonly kind: 'three-different'; readonly faces: readonly [number, number, number] }
  | { readonly kind: 'any-straight' }
  | { readonly kind: 'single'; readonly face: number };

export type K3Play = PlayDefinition<'k3', K3Rule>;

/** Default odds of totals 4..10; 11..17 mirror them (total S ↔ 21 − S). */
const SUM_ODDS: readonly number[] = [64.8, 32.4, 19.45, 12.95, 9.25, 7.8, 7.2];

const play = playBuilder<'k3', K3Rule>('k3');

function buildK3Plays(): readonly K3Play[] {
  const plays: K3Play[] = [];
  for (let sum = 4; sum <= 17; sum += 1) {
    const sumOdds = SUM_ODDS[Math.min(sum, 21 - sum) - 4] ?? 0;
    plays.push(play(`k3.sum.${sum}`, 'sum', `Total ${sum}`, 'play.k3.sum', { sum }, sumOdds, { kind: 'sum', sum }));
  }
  for (const side of TWO_SIDES) {
    plays.push(
      play(`k3.${side}`, 'big-small', `Total ${side}`, `play.k3.${side}`, {}, 1.98, { kind: 'two-sided', side }),
    );
  }
  for (let face = 1; face <= 6; face += 1) {
    plays.push(
      play(`k3.triple.${face}`, 'triple', `Triple ${face}-${face}-${face}`, 'play.k3.triple', { face }, 195, {
        kind: 'triple',
        face,
      }),
    );
  }
  plays.push(play('k3.triple.any', 'triple', 'Any triple', 'play.k3.anyTriple', {}, 32, { kind: 'any-triple' }));
  for (let face = 1; face <= 6; face += 1) {
    plays.push(
      play(`k3.pair.${face}`, 'pair', `Pair ${face}-${face}`, 'play.k3.pair', { face }, 12.2, { kind: 'pair', face }),
    );
  }
  for (let a = 1; a <= 6; a += 1) {
    for (let b = a + 1; b <= 6; b += 1) {
      plays.push(
        play(`k3.two.${a}-${b}`, 'two-different', `Two different ${a}, ${b}`, 'play.k3.twoDifferent', { a, b }, 6.5, {
          kind: 'two-different',
          faces: [a, b],
        }),
      );
    }
  }
  for (let a = 1; a <= 6; a += 1) {
    for (let b = a + 1; b <= 6; b += 1) {
      for (let c = b + 1; c <= 6; c += 1) {
        plays.push(
          play(
            `k3.three.${a}-${b}-${c}`,
            'three-different',
            `Three different ${a}, ${b}, ${c}`,
            'play.k3.threeDifferent',
            { a, b, c },
            32.5,
            { kind: 'three-different', faces: [a, b, c] },
          ),
        );
      }
    }
  }
  plays.push(
    play('k3.straight.any', 'three-different', 'Any straight', 'play.k3.anyStraight', {}, 8.1, {
      kind: 'any-straight',
    }),
  );
  for (let face = 1; face <= 6; face += 1) {
    plays.push(
      play(`k3.single.${face}`, 'single', `Single ${face}`, 'play.k3.single', { face }, 2.15, { kind: 'single', face }),
    );
  }
  return plays;
}

export const K3_PLAYS: readonly K3Play[] = buildK3Plays();

function count(outcome: K3Outcome, face: number): number {
  return outcome.filter((d) => d === face).length;
}

function isTriple(outcome: K3Outcome): boolean {
  return outcome[0] === outcome[1] && outcome[1] === outcome[2];
}

function won(rule: K3Rule, outcome: K3Outcome): boolean {
  const total = outcome.reduce((a, b) => a + b, 0);
  switch (rule.kind) {
    case 'sum':
      return total === rule.sum;
    case 'two-sided':
      return !isTriple(outcome) && onSide(total, 11, rule.side);
    case 'triple':
      return count(outcome, rule.face) === 3;
    case 'any-triple':
      return isTriple(outcome);
    case 'pair':
      return count(outcome, rule.face) >= 2;
    case 'two-different':
      return rule.faces.every((face) => count(outcome, face) >= 1);
    case 'three-different':
      return rule.faces.every((face) => count(outcome, face) === 1);
    case 'any-straight': {
      const sorted = [...outcome].sort((a, b) => a - b);
      return sorted[1] === sorted[0]! + 1 && sorted[2] === sorted[0]! + 2;
    }
    case 'single':
      return count(outcome, rule.face) >= 1;
  }
}

export function settleK3(play: K3Play, outcome: K3Outcome): PlayResult {
  return won(play.rule, outcome) ? 'win' : 'lose';
}
