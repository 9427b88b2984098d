import { describe, expect, it } from 'vitest';
import { commitment, drawFd1, seedToHex } from '@fairdraw/domain/draw';
import { checkDraw } from './verify-draw.ts';

const seed = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256);
const issue = '20261124-0042';
const result: number[] = [...drawFd1({ family: 'pk10', gameCode: 'df_pk10', issue, seed, beacon: '' })];
const drawn = {
  algorithm: 'fd1',
  family: 'pk10',
  code: 'df_pk10',
  issue,
  seed: seedToHex(seed),
  beacon: null,
  commitment: commitment(seed),
  result,
};

describe('checkDraw (the console’s Verify)', () => {
  it('matches a period whose seed hashes to its commitment and draws its result', () => {
    expect(checkDraw(drawn)).toEqual({ state: 'match', commitmentOk: true, resultOk: true, recomputed: result });
    // The commitment is compared in any case, as published.
    expect(checkDraw({ ...drawn, commitment: drawn.commitment.toUpperCase() }).state).toBe('match');
  });

  it('finds a result that differs, a commitment that does not fit, and a seed of another issue', () => {
    const swapped = [result[1]!, result[0]!, ...result.slice(2)];
    expect(checkDraw({ ...drawn, result: swapped })).toMatchObject({
      state: 'mismatch',
      commitmentOk: true,
      resultOk: false,
    });
    const other = commitment(Uint8Array.from({ length: 32 }, () => 7));
    expect(checkDraw({ ...drawn, commitment: other })).toMatchObject({
      state: 'mismatch',
      commitmentOk: false,
      resultOk: true,
    });
    expect(checkDraw({ ...drawn, issue: '20261124-0043' })).toMatchObject({ state: 'mismatch', resultOk: false });
    expect(checkDraw({ ...drawn, seed: 'zz' })).toMatchObject({
      state: 'mismatch',
      commitmentOk: false,
      recomputed: null,
    });
  });

  it('does not verify what is not drawn yet or not fd1', () => {
    expect(checkDraw({ ...drawn, seed: null })).toEqual({ state: 'unrevealed' });
    expect(checkDraw({ ...drawn, result: null })).toEqual({ state: 'unrevealed' });
    expect(checkDraw({ ...drawn, algorithm: 'fd0' })).toEqual({ state: 'unsupported' });
    expect(checkDraw({ ...drawn, family: 'bingo' })).toEqual({ state: 'unsupported' });
  });
});
