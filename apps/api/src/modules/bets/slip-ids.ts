/**
 * Ids for the slips and items of the bet batches, drawn ahead from their sequences in blocks (slip-batch.ts): a batch
 * needs its slips' ids before its transaction (the text each key is answered with names them), and a round trip of
 * its own for them would come first in every batch — waiting behind every request this process is answering.
 *
 * A block of BLOCK ids of each kind is drawn at once (slip-batch.repository.ts reserveSlipIds), and the next while at
 * least half a block is left, in the background, so a batch finds its ids here. Ids drawn and never used (a refused
 * slip, a block left when the process stops) are gaps, as a rolled-back insert leaves in a sequence. Ids are
 * unique across processes; their order is the order of the blocks, so lists order slips by their time first
 * (bets.repository.ts).
 */
import type { Db } from '../../db/database.ts';
import { reserveSlipIds } from './slip-batch.repository.ts';

const BLOCK = 1024;

export type SlipIds = {
  /** `slips` slip ids and `items` item ids, each in increasing order. */
  take(slips: number, items: number): Promise<{ slips: number[]; items: number[] }>;
};

/** Every batch draws exactly its own ids in a round trip of its own (commitSlips without a pool: the tests). */
export function idsPerBatch(db: Db): SlipIds {
  return { take: (slips, items) => reserveSlipIds(db, slips, items) };
}

/** Ids kept ahead in blocks, refilled in the background (the bet batch of a running process). */
export function idsInBlocks(db: Db, block = BLOCK): SlipIds {
  const kept = { slips: [] as number[], items: [] as number[] };
  let refill: Promise<void> | undefined;
  const draw = (): Promise<void> => {
    refill ??= reserveSlipIds(db, block, block)
      .then((ids) => {
        kept.slips.push(...ids.slips);
        kept.items.push(...ids.items);
      })
      .finally(() => {
        refill = undefined;
      });
    return refill;
  };
  return {
    async take(slips, items) {
      while (kept.slips.length < slips || kept.items.length < items) await draw();
      const ids = { slips: kept.slips.splice(0, slips), items: kept.items.splice(0, items) };
      // The next block is on its way before this one runs out (a failure here is retried by the next take).
      if (kept.slips.length < block / 2 || kept.items.length < block / 2) draw().catch(() => undefined);
      return ids;
    },
  };
}
