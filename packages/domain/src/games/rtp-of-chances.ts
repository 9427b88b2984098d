/**
 * A play's RTP from its chances (rtp.ts playChances) at any odds, without enumerating: pure arithmetic on exact
 * fractions, small enough for the console to compute the RTP live as an operator types odds.
 */

/** Weighted counts of results over the whole outcome space: win + push + lose = total. */
export type PlayChances = { readonly win: bigint; readonly push: bigint; readonly total: bigint };

export type Rtp = {
  /** RTP = numerator / denominator exactly, in lowest terms. */
  readonly numerator: bigint;
  readonly denominator: bigint;
  /** The same in percent, rounded to two decimals (98.0 % → 98). */
  readonly percent: number;
};

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The RTP of a play whose chances are known (playChances) at any odds in basis points, without enumerating again:
 * what the console shows live as an operator edits odds (the API refuses odds whose RTP is 100 % or more).
 */
export function rtpOfChances(chances: PlayChances, odds: number): Rtp {
  if (!Number.isSafeInteger(odds) || odds < 0) throw new RangeError(`odds must be whole basis points: ${odds}`);
  const { win, push, total } = chances;
  if (total <= 0n) throw new RangeError('chances over an empty outcome space');
  const numerator = BigInt(odds) * win + 10_000n * push;
  const denominator = 10_000n * total;
  const divisor = gcd(numerator, denominator) || 1n;
  const percent = Math.round((Number(numerator) / Number(denominator)) * 10_000) / 100;
  return { numerator: numerator / divisor, denominator: denominator / divisor, percent };
}

/** Whether odds keep a play's RTP strictly below 100 % (exact: compares the fraction, not the rounded percent). */
export function rtpBelowOneHundred(chances: PlayChances, odds: number): boolean {
  const { numerator, denominator } = rtpOfChances(chances, odds);
  return numerator < denominator;
}
