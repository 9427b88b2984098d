import { z } from 'zod';
import { betRequest, type BetRequest, type PlayItem } from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';
import { parseAmount } from '../../../lib/money.ts';

/** What the player types on the slip: one stake for every selected play. */
export type StakeValues = { stake: string };

/** The slip around the stake: game, period, the selected plays (with the all-in numbers) and the wallet's decimals. */
export type BetContext = {
  gameId: number;
  issue: string;
  items: PlayItem[];
  numbers: Record<number, number[]>;
  exponent: number;
};

/**
 * Stake text → the bet request, then the contract's betRequest (a current period, one to a hundred items). The
 * stake's messages are the slip's own texts: `bet.amountInvalid`, and `bet.limits` with the first play's limits it
 * breaks (params min, max). No stake yet (empty or 0) is AMOUNT_REQUIRED, which the slip does not show: it keeps
 * the button disabled.
 */
export const betSchema = ({ gameId, issue: period, items, numbers, exponent }: BetContext) =>
  z
    .object({ stake: z.string() })
    .transform((v, ctx): BetRequest => {
      const parsed = parseAmount(v.stake, exponent);
      if (parsed.kind === 'invalid') return (issue(ctx, 'bet.amountInvalid', 'stake'), z.NEVER);
      if (parsed.kind === 'empty' || parsed.minor === 0) return (issue(ctx, 'AMOUNT_REQUIRED', 'stake'), z.NEVER);
      const stake = parsed.minor;
      const out = items.find((i) => stake < i.min || stake > i.max);
      if (out) return (issue(ctx, 'bet.limits', 'stake', { min: out.min, max: out.max }), z.NEVER);
      return {
        games_id: gameId,
        issue: period,
        items: items.map((i) => {
          const n = numbers[i.id];
          return n ? { play_id: i.id, amount: stake, numbers: n } : { play_id: i.id, amount: stake };
        }),
      };
    })
    .pipe(betRequest);
