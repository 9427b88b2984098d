import { commitment, drawFd1, DrawError, FD1, seedFromHex, type DrawRequest } from '@fairdraw/domain/draw';

type GameFamily = DrawRequest['family'];
import type { AdminDraw } from '@fairdraw/contract';

export type DrawCheck =
  | { state: 'unrevealed' }
  | { state: 'unsupported' }
  | { state: 'match' | 'mismatch'; commitmentOk: boolean; resultOk: boolean; recomputed: readonly number[] | null };

const FAMILIES: readonly GameFamily[] = ['pk10', 'k3', 'ssc', 'lucky28', 'marksix'];

/**
 * Recomputes a period in the browser with the domain's fd1, the code the server draws with: SHA-256(seed) must be
 * the commitment published before the period opened, and the draw from that seed must be the stored result.
 */
export function checkDraw(
  d: Pick<AdminDraw, 'algorithm' | 'family' | 'code' | 'issue' | 'seed' | 'beacon' | 'commitment' | 'result'>,
): DrawCheck {
  if (d.seed === null || d.result === null) return { state: 'unrevealed' };
  if (d.algorithm !== FD1 || !FAMILIES.includes(d.family as GameFamily)) return { state: 'unsupported' };
  let seed: Uint8Array;
  try {
    seed = seedFromHex(d.seed);
  } catch (err) {
    if (err instanceof DrawError) return { state: 'mismatch', commitmentOk: false, resultOk: false, recomputed: null };
    throw err;
  }
  const commitmentOk = commitment(seed) === d.commitment.toLowerCase();
  const recomputed = drawFd1({
    family: d.family as GameFamily,
    gameCode: d.code,
    issue: d.issue,
    seed,
    beacon: d.beacon ?? '',
  });
  const resultOk = recomputed.length === d.result.length && recomputed.every((v, i) => v === d.result![i]);
  return { state: commitmentOk && resultOk ? 'match' : 'mismatch', commitmentOk, resultOk, recomputed };
}
