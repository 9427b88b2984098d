/**
 * Money is an integer number of minor units (satang, cents) behind a brand, so that a float or a count of
 * something else cannot be passed where money is expected. Odds are integers of ten-thousandths (1.98 → 19800).
 */
declare const minorBrand: unique symbol;
export type Minor = number & { readonly [minorBrand]: 'Minor' };

declare const oddsBrand: unique symbol;
export type OddsBps = number & { readonly [oddsBrand]: 'OddsBps' };

export class MoneyError extends Error {}

/** Accepts only safe, non-negative integers: amounts never carry fractions of a minor unit. */
export function minor(value: number): Minor {
  if (!Number.isSafeInteger(value) || value < 0) throw new MoneyError(`not an amount of minor units: ${value}`);
  return value as Minor;
}

export function oddsBps(value: number): OddsBps {
  if (!Number.isSafeInteger(value) || value < 10000) throw new MoneyError(`not odds in ten-thousandths: ${value}`);
  return value as OddsBps;
}

/** A winning stake pays `floor(stake × odds / 10000)`, computed exactly in integers. */
export function payout(stake: Minor, odds: OddsBps): Minor {
  const result = (BigInt(stake) * BigInt(odds)) / 10000n;
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyError('payout out of range');
  return Number(result) as Minor;
}

/** Mask a nickname for public lists such as the winning list: keep the first and last character. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
