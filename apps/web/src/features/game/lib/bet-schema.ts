import { z } from 'zod';
import { betRequest, type BetRequest, type PlayItem } from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';
import { parseAmount } from '../../../lib/money.ts';

/**
 * What the player types on the slip: a stake for every line (`all`), a line's own stake where it differs (by play
 * item id), and a multiplier of every stake.
 */
export type StakeValues = { all: string; stakes: Record<string, string>; multiplier: string };

/** The stake text of a line: its own, else the one for every line. */
export const lineText = (v: StakeValues, id: number) => v.stakes[String(id)] ?? v.all;

/** The slip around the stakes: game, period, the plays (with the all-in numbers), the wallet's decimals and balance. */
export type BetContext = {
  gameId: number;
  issue: string;
  items: PlayItem[];
  numbers: Record<number, number[]>;
  exponent: number;
  /** The wallet's balance in minor units, once known: a slip over it is not sent. */
  balance: number | null;
};

export const MAX_MULTIPLIER = 999;

/** The multiplier typed (a whole number 1..999), or null. */
export function readMultiplier(text: string): number | null {
  const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_MULTIPLIER ? n : null;
}

/** The field of one line's stake in the slip's issues. */
export const stakeField = (id: number) => `stake-${id}`;

/**
 * Stakes text → the bet request, then the contract's betRequest (a current period, one to a hundred items). Each
 * line's amount is its stake × the multiplier. Messages: `bet.amountInvalid` on a line that is not an amount;
 * ZERO_AMOUNT_BET (the spec's "There are bets with amount 0; cannot submit.") on `stakes` when a line is empty or
 * 0; `bet.limits` on a line outside its play's limits (params min, max); `bet.multiplierInvalid` on `multiplier`;
 * `bet.overBalance` on `total` when the slip costs more than the balance (params total, balance).
 */
export const betSchema = ({ gameId, issue: period, items, numbers, exponent, balance }: BetContext) =>
  z
    .object({ all: z.string(), stakes: z.record(z.string(), z.string()), multiplier: z.string() })
    .transform((v, ctx): BetRequest => {
      const multiplier = readMultiplier(v.multiplier);
      if (multiplier === null) issue(ctx, 'bet.multiplierInvalid', 'multiplier', { max: MAX_MULTIPLIER });
      let zero = false;
      const amounts = items.map((i) => {
        const parsed = parseAmount(lineText(v, i.id), exponent);
        if (parsed.kind === 'invalid') return (issue(ctx, 'bet.amountInvalid', stakeField(i.id)), null);
        if (parsed.kind === 'empty' || parsed.minor === 0) return ((zero = true), null);
        const amount = parsed.minor * (multiplier ?? 1);
        if (amount < i.min || amount > i.max) {
          return (issue(ctx, 'bet.limits', stakeField(i.id), { min: i.min, max: i.max }), null);
        }
        return amount;
      });
      if (zero) issue(ctx, 'ZERO_AMOUNT_BET', 'stakes');
      if (multiplier === null || amounts.some((a) => a === null)) return z.NEVER;
      const total = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
      if (balance !== null && total > balance) {
        return (issue(ctx, 'bet.overBalance', 'total', { total, balance }), z.NEVER);
      }
      return {
        games_id: gameId,
        issue: period,
        items: items.map((i, k) => {
          const n = numbers[i.id];
          const amount = amounts[k]!;
          return n ? { play_id: i.id, amount, numbers: n } : { play_id: i.id, amount };
        }),
      };
    })
    .pipe(betRequest);
