/**
 * Settling a bet item against a drawn result. The odds are the ones the item was accepted at (an operator may
 * have changed the play's default since), and the payout of a win is `floor(stake × odds / 10000)`.
 */
import { minor, payout, type Minor, type OddsBps } from './money.ts';
import type { Play } from './games/catalog.ts';
import { isValidOutcome, type DrawOutcome } from './games/outcome.ts';
import { PlayError, type PlayResult } from './games/play.ts';
import { settlePk10 } from './games/pk10.ts';
import { settleK3 } from './games/k3.ts';
import { settleSsc } from './games/ssc.ts';
import { settleLucky28 } from './games/lucky28.ts';
import { settleMarkSix } from './games/marksix.ts';

/** Win, push or lose for any play, after checking that the outcome is a possible result of the play's family. */
export function settlePlay(play: Play, outcome: DrawOutcome): PlayResult {
  if (!isValidOutcome(play.family, outcome)) {
    throw new PlayError(`not a ${play.family} result: ${outcome.join(',')}`);
  }
  switch (play.family) {
    case 'pk10':
      return settlePk10(play, outcome);
    case 'k3':
      return settleK3(play, outcome);
    case 'ssc':
      return settleSsc(play, outcome);
    case 'lucky28':
      return settleLucky28(play, outcome);
    case 'marksix':
      return settleMarkSix(play, outcome);
  }
}

export type BetItemToSettle = { readonly play: Play; readonly odds: OddsBps; readonly stake: Minor };

export type BetItemSettlement = { readonly result: PlayResult; readonly payout: Minor };

/** A win pays floor(stake × odds / 10000), a push returns the stake, a loss pays nothing. */
export function settleBetItem(item: BetItemToSettle, outcome: DrawOutcome): BetItemSettlement {
  const result = settlePlay(item.play, outcome);
  switch (result) {
    case 'win':
      return { result, payout: payout(item.stake, item.odds) };
    case 'push':
      return { result, payout: item.stake };
    case 'lose':
      return { result, payout: minor(0) };
  }
}
