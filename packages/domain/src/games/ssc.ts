/**
 * Instant lottery (df_ssc): five digits 0..9 in positions 1..5.
 *
 * Play codes:
 * - `ssc.pos{N}.num{D}` position N shows digit D                                          group `position-{N}`
 * - `ssc.pos{N}.big|small|odd|even` big = 5..9, small = 0..4                             group `big-small`
 * - `ssc.total.big|small|odd|even` total of the five digits, big ≥ 23, small ≤ 22           group `total`
 * - `ssc.dragon` d1 > d5, `ssc.tiger` d1 < d5 (a tie loses both), `ssc.tie` d1 = d5       group `dragon-tiger`
 * - `ssc.{front|middle|back}.{leopard|straight|pair|half-straight|mixed}` the pattern of positions 1-3, 2-4
 *   or 3-5                                                                   group `front-three|middle-three|back-three`
 *
 * A three-digit group has exactly one pattern, checked in this order: leopard (all equal); straight (three
 * consecutive digits in any order, wrapping: 8-9-0 and 9-0-1 count); pair (two equal); half-straight (two of the
 * digits adjacent, 9-0 counts); mixed (anything else).
 */
import { playBuilder, onSide, TWO_SIDES, type PlayDefinition, type PlayResult, type TwoSided } from './play.ts';
import type { SscOutcome } from './outcome.ts';

export type SscThree = 'front' | 'middle' | 'back';
export type SscPattern = 'leopard' | 'straight' | 'pair' | 'half-straight' | 'mixed';

const SSC_PATTERNS: readonly SscPattern[] = ['leopard', 'straight', 'pair', 'half-straight', 'mixed'];

export type SscRule =
  | { readonly kind: 'position-number'; readonly position: number; readonly digit: number }
  | { readonly kind: 'position-two-sided'; readonly position: number; readonly side: TwoSided }
  | { readonly kind: 'total-two-sided'; readonly side: TwoSided }
  | { readonly kind: 'dragon-tiger'; readonly side: 'dragon' | 'tiger' | 'tie' }
  | { readonly kind: 'three-pattern'; readonly three: SscThree; readonly pattern: SscPattern };

export type SscPlay = PlayDefinition<'ssc', SscRule>;

const PATTERN_ODDS: Readonly<Record<SscPattern, number>> = {
  leopard: 90,
  straight: 15,
  pair: 3.4,
  'half-straight': 2.55,
  mixed: 3.05,
};

/** First position (1-based) of each three-digit group. */
const THREE_START: Readonly<Record<SscThree, number>> = { front: 1, middle: 2, back: 3 };

const play = playBuilder<'ssc', SscRule>('ssc');

function buildSscPlays(): readonly SscPlay[] {
  const plays: SscPlay[] = [];
  for (let position = 1; position <= 5; position += 1) {
    for (let digit = 0; digit <= 9; digit += 1) {
      plays.push(
        play(
          `ssc.pos${position}.num${digit}`,
          `position-${position}`,
          `Position ${position}: ${digit}`,
          'play.ssc.positionNumber',
          { position, digit },
          9.8,
          { kind: 'position-number', position, digit },
        ),
      );
    }
  }
  for (let position = 1; position <= 5; position += 1) {
    for (const side of TWO_SIDES) {
      plays.push(
        play(
          `ssc.pos${position}.${side}`,
          'big-small',
          `Position ${position}: ${side}`,
          `play.ssc.position.${side}`,
          { position },
          1.98,
          {
            kind: 'position-two-sided',
            position,
            side,
          },
        ),
      );
    }
  }
  for (const side of TWO_SIDES) {
    plays.push(
      play(`ssc.total.${side}`, 'total', `Total ${side}`, `play.ssc.total.${side}`, {}, 1.98, {
        kind: 'total-two-sided',
        side,
      }),
    );
  }
  for (const side of ['dragon', 'tiger', 'tie'] as const) {
    plays.push(
      play(
        `ssc.${side}`,
        'dragon-tiger',
        side[0]!.toUpperCase() + side.slice(1),
        `play.ssc.${side}`,
        {},
        side === 'tie' ? 9.4 : 2.2,
        {
          kind: 'dragon-tiger',
          side,
        },
      ),
    );
  }
  for (const three of ['front', 'middle', 'back'] as const) {
    for (const pattern of SSC_PATTERNS) {
      plays.push(
        play(
          `ssc.${three}.${pattern}`,
          `${three}-three`,
          `${three[0]!.toUpperCase()}${three.slice(1)} three: ${pattern}`,
          `play.ssc.three.${pattern}`,
          { three },
          PATTERN_ODDS[pattern],
          { kind: 'three-pattern', three, pattern },
        ),
      );
    }
  }
  return plays;
}

export const SSC_PLAYS: readonly SscPlay[] = buildSscPlays();

function digit(outcome: SscOutcome, position: number): number {
  const value = outcome[position - 1];
  if (value === undefined) throw new RangeError(`no position ${position} in an instant lottery result`);
  return value;
}

function adjacent(x: number, y: number): boolean {
  return (x + 1) % 10 === y || (y + 1) % 10 === x;
}

/** The pattern of three digits, checked in this order: leopard, straight, pair, half-straight, mixed. */
export function sscPattern(a: number, b: number, c: number): SscPattern {
  const distinct = new Set([a, b, c]);
  if (distinct.size === 1) return 'leopard';
  if (distinct.size === 3) {
    for (let start = 0; start <= 9; start += 1) {
      if (distinct.has(start) && distinct.has((start + 1) % 10) && distinct.has((start + 2) % 10)) return 'straight';
    }
  }
  if (distinct.size === 2) return 'pair';
  if (adjacent(a, b) || adjacent(b, c) || adjacent(a, c)) return 'half-straight';
  return 'mixed';
}

function won(rule: SscRule, outcome: SscOutcome): boolean {
  switch (rule.kind) {
    case 'position-number':
      return digit(outcome, rule.position) === rule.digit;
    case 'position-two-sided':
      return onSide(digit(outcome, rule.position), 5, rule.side);
    case 'total-two-sided':
      return onSide(
        outcome.reduce((a, b) => a + b, 0),
        23,
        rule.side,
      );
    case 'dragon-tiger': {
      const first = digit(outcome, 1);
      const last = digit(outcome, 5);
      if (rule.side === 'dragon') return first > last;
      if (rule.side === 'tiger') return first < last;
      return first === last;
    }
    case 'three-pattern': {
      const start = THREE_START[rule.three];
      return sscPattern(digit(outcome, start), digit(outcome, start + 1), digit(outcome, start + 2)) === rule.pattern;
    }
  }
}

export function settleSsc(play: SscPlay, outcome: SscOutcome): PlayResult {
  return won(play.rule, outcome) ? 'win' : 'lose';
}
