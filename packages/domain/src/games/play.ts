/**
 * A play is one thing a player can bet on within a game family ("position 3 is car 7", "sum big"). Its `code` is
 * stable and is what a bet item stores; `rule` is the data its family's settle function reads, so no rule is ever
 * parsed out of a string at settlement time. `odds` is the published default: an operator may override odds
 * per game, and a bet item carries the odds it was accepted at.
 */
import type { OddsBps } from '../money.ts';
import { oddsBps } from '../money.ts';
import type { GameFamily } from './outcome.ts';

export type PlayResult = 'win' | 'push' | 'lose';

export type PlayDefinition<F extends GameFamily = GameFamily, R = unknown> = {
  /** Stable identifier, e.g. `pk10.pos3.num7`; see the family file for its scheme. */
  readonly code: string;
  readonly family: F;
  /** The UI tab the play is shown under, e.g. `position-3`, `sum`, `dragon-tiger`, `big-small`. */
  readonly group: string;
  /** English name; other languages render `nameKey` with `nameParams`. */
  readonly name: string;
  readonly nameKey: string;
  readonly nameParams: Readonly<Record<string, string | number>>;
  /** Default odds in ten-thousandths, including the stake. */
  readonly odds: OddsBps;
  readonly rule: R;
};

export class PlayError extends Error {}

/** Decimal odds as published (e.g. 1.98) → ten-thousandths, rounded to dodge binary fractions. */
export function odds(decimal: number): OddsBps {
  return oddsBps(Math.round(decimal * 10000));
}

/** The constructor of one family's plays: `playBuilder<'k3', K3Rule>('k3')(code, group, name, …)`. */
export function playBuilder<F extends GameFamily, R>(family: F) {
  return (
    code: string,
    group: string,
    name: string,
    nameKey: string,
    nameParams: Record<string, string | number>,
    decimalOdds: number,
    rule: R,
  ): PlayDefinition<F, R> => ({ code, family, group, name, nameKey, nameParams, odds: odds(decimalOdds), rule });
}

function isOdd(value: number): boolean {
  return value % 2 === 1;
}

/** The two-sided bets: big / small around a threshold, odd / even. */
export type TwoSided = 'big' | 'small' | 'odd' | 'even';
export const TWO_SIDES: readonly TwoSided[] = ['big', 'small', 'odd', 'even'];

/** True when `value` is on `side`; big means `value >= bigFrom`. */
export function onSide(value: number, bigFrom: number, side: TwoSided): boolean {
  switch (side) {
    case 'big':
      return value >= bigFrom;
    case 'small':
      return value < bigFrom;
    case 'odd':
      return isOdd(value);
    case 'even':
      return !isOdd(value);
  }
}
