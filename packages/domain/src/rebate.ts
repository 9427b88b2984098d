/**
 * The daily rebate: a percentage of a player's valid turnover of one business day (settled cash stakes
 * of items won or lost; demo, pushes and voids excluded), set per game family in basis points, and the turnover
 * requirement that holds a claimed rebate back from withdrawal until the player has staked a multiple of it.
 */
import type { GameFamily } from './games/outcome.ts';

/** The highest rebate rate an operator may set: 10 % (1000 basis points). */
export const REBATE_RATE_MAX_BPS = 1000;
/** The highest turnover requirement: 10 × the rebate. */
export const REBATE_MULTIPLE_MAX = 10;

export type RebateRate = { readonly family: GameFamily; readonly rateBps: number; readonly multiple: number };

export type RebateLine = {
  readonly family: GameFamily;
  readonly turnover: number;
  readonly rateBps: number;
  readonly multiple: number;
  /** floor(turnover × rate / 10000): never a fraction of a minor unit in the player's favour. */
  readonly amount: number;
  readonly requirement: number;
};

function checkRate(rate: RebateRate): void {
  if (!Number.isSafeInteger(rate.rateBps) || rate.rateBps < 0 || rate.rateBps > REBATE_RATE_MAX_BPS) {
    throw new RangeError(`rebate rate out of range: ${rate.rateBps}`);
  }
  if (!Number.isSafeInteger(rate.multiple) || rate.multiple < 0 || rate.multiple > REBATE_MULTIPLE_MAX) {
    throw new RangeError(`turnover multiple out of range: ${rate.multiple}`);
  }
}

/** The rebate of one family's turnover at its rate (exact in bigint, rounded down). */
export function rebateLine(family: GameFamily, turnover: number, rate: RebateRate): RebateLine {
  checkRate(rate);
  if (!Number.isSafeInteger(turnover) || turnover < 0) throw new RangeError(`turnover out of range: ${turnover}`);
  const amount = Number((BigInt(turnover) * BigInt(rate.rateBps)) / 10_000n);
  return {
    family,
    turnover,
    rateBps: rate.rateBps,
    multiple: rate.multiple,
    amount,
    requirement: amount * rate.multiple,
  };
}

/**
 * A player's rebate of one day: one line per family with turnover (a family without a rate gets none), the sum and
 * the sum of the requirements. `amount` 0 means nothing to credit.
 */
export function dailyRebate(
  turnover: ReadonlyMap<GameFamily, number>,
  rates: readonly RebateRate[],
): { lines: RebateLine[]; amount: number; requirement: number } {
  const lines: RebateLine[] = [];
  for (const [family, staked] of turnover) {
    const rate = rates.find((r) => r.family === family);
    if (rate === undefined || staked <= 0) continue;
    lines.push(rebateLine(family, staked, rate));
  }
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  const requirement = lines.reduce((s, l) => s + l.requirement, 0);
  return { lines, amount, requirement };
}

/**
 * One claimed rebate, in claim order: its amount, its requirement, and the valid stakes the player placed after it
 * and before the next claim (or until now), settled won or lost.
 */
export type ClaimedRebate = { readonly amount: number; readonly requirement: number; readonly stakedAfter: number };

export type BonusLock = {
  /** Cash that cannot be withdrawn yet: the rebates claimed since the requirement was last met. */
  readonly locked: number;
  /** The turnover those rebates require (0 when nothing is locked). */
  readonly requirement: number;
  /** The valid stakes counted toward it so far (≤ requirement while locked). */
  readonly progress: number;
};

/**
 * The lock left by the claimed rebates. Claims pile up in one open requirement: each claim adds its amount to the
 * locked bonus and its requirement to the turnover to reach; every valid stake placed after a claim counts once,
 * toward the open requirement. When the stakes reach it, the bonus is free and the next claim opens a new one.
 */
export function bonusLock(claims: readonly ClaimedRebate[]): BonusLock {
  let locked = 0;
  let requirement = 0;
  let progress = 0;
  for (const c of claims) {
    if (locked === 0) {
      requirement = 0;
      progress = 0;
    }
    locked += c.amount;
    requirement += c.requirement;
    progress += c.stakedAfter;
    if (progress >= requirement) locked = 0;
  }
  return locked === 0 ? { locked: 0, requirement: 0, progress: 0 } : { locked, requirement, progress };
}

/** What a withdrawal must leave behind: the locked part of the cash, at most the cash itself. */
export function withdrawableCash(cash: number, lock: BonusLock): number {
  return Math.max(0, cash - lock.locked);
}
