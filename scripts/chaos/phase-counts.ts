import type { PhaseCounts } from './bettors.ts';
import { noReadCounts } from './reads.ts';

/** A phase's counts before anything was sent (the bettors' process and the run's report start from it). */
export function noCounts(): PhaseCounts {
  return {
    sent: 0,
    failed: 0,
    retriedOk: 0,
    unanswered: 0,
    accepted: 0,
    refused: {},
    replayed: 0,
    replaysSent: 0,
    ownReads: noReadCounts(),
    ownShown: 0,
    ownStale: 0,
  };
}
