/**
 * Lucky 28: three digits 0..9, the result is their sum 0..27. Every combination is priced on its own: there is no
 * "13/14 refund" rule, so nothing here pushes.
 *
 * Play codes:
 * - `l28.sum.{S}` the sum is S (0..27)                                                       group `sum`
 * - `l28.big|small|odd|even` big = 14..27, small = 0..13                                   group `big-small`
 * - `l28.big-odd|small-even|big-even|small-odd`                                          group `combination`
 * - `l28.extreme-small` (0..5) / `l28.extreme-big` (22..27)                                  group `extreme`
 * - `l28.leopard` three equal digits; `l28.pair` exactly two equal;
 *   `l28.straight` three consecutive digits in any order, no wrap (8-9-0 is not one)       group `pattern`
 */
import { playBuilder, onSide, TWO_SIDES, type PlayDefinition, type PlayResult, type TwoSided } from './play.ts';
import type { Lucky28Outcome } from './outcome.ts';

export type Lucky28Combination = 'big-odd' | 'small-even' | 'big-even' | 'small-odd';
export type Lucky28Pattern = 'leopard' | 'pair' | 'straight';

export type Lucky28Rule =
  | { readonly kind: 'sum'; readonly sum: number }
  | { readonly kind: 'two-sided'; readonly side: TwoSided }
  | { readonly kind: 'combination'; readonly combination: Lucky28Combination }
  | { readonly kind: 'extreme'; readonly side: 'small' | 'big' }
  | { readonly kind: 'pattern'; readonly pattern: Lucky28Pattern };

export type Lucky28Play = PlayDefinition<'lucky28', Lucky28Rule>;

/** Default odds of sums 0..13; 14..27 mirror them (sum S ↔ 27 − S). */
const SUM_ODDS: readonly number[] = [950, 316.6, 158.3, 95, 63.3, 45.2, 33.9, 26.3, 21.1, 17.2, 15.0, 13.7, 13.0, 12.6];

const COMBINATION_ODDS: Readonly<Record<Lucky28Combination, number>> = {
  'big-odd': 4.2,
  'small-even': 4.2,
  'big-even': 3.6,
  'small-odd': 3.6,
};

const PATTERN_ODDS: Readonly<Record<Lucky28Pattern, number>> = { leopard: 90, pair: 3.5, straight: 19 };

const play = playBuilder<'lucky28', Lucky28Rule>('lucky28');

function buildLucky28Plays(): readonly Lucky28Play[] {
  const plays: Lucky28Play[] = [];
  for (let sum = 0; sum <= 27; sum += 1) {
    const sumOdds = SUM_ODDS[Math.min(sum, 27 - sum)] ?? 0;
    plays.push(play(`l28.sum.${sum}`, 'sum', `Sum ${sum}`, 'play.l28.sum', { sum }, sumOdds, { kind: 'sum', sum }));
  }
  for (const side of TWO_SIDES) {
    plays.push(
      play(`l28.${side}`, 'big-small', `Sum ${side}`, `play.l28.${side}`, {}, 1.98, { kind: 'two-sided', side }),
    );
  }
  for (const combination of ['big-odd', 'small-even', 'big-even', 'small-odd'] as const) {
    plays.push(
      play(
        `l28.${combination}`,
        'combination',
        `Sum ${combination.replace('-', ' ')}`,
        `play.l28.${combination}`,
        {},
        COMBINATION_ODDS[combination],
        { kind: 'combination', combination },
      ),
    );
  }
  for (const side of ['small', 'big'] as const) {
    plays.push(
      play(`l28.extreme-${side}`, 'extreme', `Extreme ${side}`, `play.l28.extreme-${side}`, {}, 17, {
        kind: 'extreme',
        side,
      }),
    );
  }
  for (const pattern of ['leopard', 'pair', 'straight'] as const) {
    plays.push(
      play(
        `l28.${pattern}`,
        'pattern',
        pattern[0]!.toUpperCase() + pattern.slice(1),
        `play.l28.${pattern}`,
        {},
        PATTERN_ODDS[pattern],
        {
          kind: 'pattern',
          pattern,
        },
      ),
    );
  }
  return plays;
}

export const LUCKY28_PLAYS: readonly Lucky28Play[] = buildLucky28Plays();

export function lucky28Sum(outcome: Lucky28Outcome): number {
  return outcome.reduce((a, b) => a + b, 0);
}

function hasPattern(outcome: Lucky28Outcome, pattern: Lucky28Pattern): boolean {
  const [a = 0, b = 0, c = 0] = [...outcome].sort((x, y) => x - y);
  const distinct = new Set(outcome).size;
  switch (pattern) {
    case 'leopard':
      return distinct === 1;
    case 'pair':
      return distinct === 2;
    case 'straight':
      return b === a + 1 && c === a + 2;
  }
}

function won(rule: Lucky28Rule, outcome: Lucky28Outcome): boolean {
  const sum = lucky28Sum(outcome);
  switch (rule.kind) {
    case 'sum':
      return sum === rule.sum;
    case 'two-sided':
      return onSide(sum, 14, rule.side);
    case 'combination': {
      const [size, parity] = rule.combination.split('-') as ['big' | 'small', 'odd' | 'even'];
      return onSide(sum, 14, size) && onSide(sum, 14, parity);
    }
    case 'extreme':
      return rule.side === 'small' ? sum <= 5 : sum >= 22;
    case 'pattern':
      return hasPattern(outcome, rule.pattern);
  }
}

export function settleLucky28(play: Lucky28Play, outcome: Lucky28Outcome): PlayResult {
  return won(play.rule, outcome) ? 'win' : 'lose';
}
