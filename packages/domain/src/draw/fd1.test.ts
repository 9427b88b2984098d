import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitment, drawFd1, DrawError, fd1Stream, newSeed, seedFromHex, seedToHex, verifyDraw } from './fd1.ts';
import { GAME_FAMILIES, isValidOutcome, type GameFamily } from '../games/outcome.ts';

const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const C_A = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const SEED_B = 'c10859a0839875bb8cb23109a98704aaa5628a5012ae2a21462d1bd8506b115d';
const C_B = '0908103270c6194f248d5facc1aece54391c610fe1825583f9d48d4133768f6d';

type Vector = {
  family: GameFamily;
  gameCode: string;
  issue: string;
  seed: string;
  commitment: string;
  beacon?: string;
  result: number[];
};

// Every row of docs/fairness.md's test vector table (apps/api/src/fairness-doc.test.ts checks the page itself).
// prettier-ignore
const VECTORS: Vector[] = [
  { family: 'pk10', gameCode: 'df_pk10', issue: '20261122-0001', seed: SEED_A, commitment: C_A, result: [4, 6, 9, 8, 1, 3, 7, 2, 10, 5] },
  { family: 'pk10', gameCode: 'df_pk10_3', issue: '20261122-0042', seed: SEED_A, commitment: C_A, result: [9, 10, 8, 1, 5, 3, 6, 4, 2, 7] },
  { family: 'k3', gameCode: 'df_k3', issue: '20261122-0001', seed: SEED_A, commitment: C_A, result: [3, 6, 2] },
  { family: 'ssc', gameCode: 'df_ssc', issue: '20261122-1440', seed: SEED_A, commitment: C_A, result: [2, 0, 8, 2, 3] },
  { family: 'lucky28', gameCode: 'xy_28', issue: '20261122-0100', seed: SEED_A, commitment: C_A, result: [1, 8, 6] },
  { family: 'marksix', gameCode: 'xam_6', issue: '20261122-0001', seed: SEED_A, commitment: C_A, result: [18, 4, 35, 27, 10, 23, 21] },
  { family: 'pk10', gameCode: 'df_pk10', issue: '20261122-0001', seed: SEED_B, commitment: C_B, result: [9, 2, 1, 4, 10, 5, 7, 8, 3, 6] },
  { family: 'k3', gameCode: 'df_k3', issue: '20261122-0001', seed: SEED_B, commitment: C_B, result: [3, 5, 1] },
  { family: 'marksix', gameCode: 'xam_6', issue: '20261122-0001', seed: SEED_B, commitment: C_B, result: [7, 30, 35, 36, 25, 23, 4] },
  { family: 'k3', gameCode: 'df_k3', issue: '20261122-0007', seed: SEED_B, commitment: C_B, beacon: 'beacon-round-123', result: [6, 5, 3] },
];

describe('fd1 test vectors (docs/fairness.md)', () => {
  it.each(VECTORS)('$gameCode $issue $beacon → $result', (v) => {
    const seed = seedFromHex(v.seed);
    expect(commitment(seed)).toBe(v.commitment);
    expect(drawFd1({ family: v.family, gameCode: v.gameCode, issue: v.issue, seed, beacon: v.beacon })).toEqual(
      v.result,
    );
    expect(verifyDraw({ ...v, seed })).toBe(true);
  });

  it('the lucky28 vector sums to 15', () => {
    const digits = drawFd1({ family: 'lucky28', gameCode: 'xy_28', issue: '20261122-0100', seed: seedFromHex(SEED_A) });
    expect(digits.reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('an absent beacon is the empty string', () => {
    const seed = seedFromHex(SEED_B);
    const base = { family: 'k3', gameCode: 'df_k3', issue: '20261122-0007', seed } as const;
    expect(drawFd1({ ...base, beacon: '' })).toEqual(drawFd1(base));
    expect(drawFd1(base)).not.toEqual([6, 5, 3]);
  });
});

describe('verifyDraw', () => {
  const seed = seedFromHex(SEED_A);
  const good = { family: 'pk10', gameCode: 'df_pk10', issue: '20261122-0001', seed, commitment: C_A } as const;

  it('accepts the published result and an upper-case commitment', () => {
    expect(verifyDraw({ ...good, result: [4, 6, 9, 8, 1, 3, 7, 2, 10, 5] })).toBe(true);
    expect(verifyDraw({ ...good, commitment: C_A.toUpperCase(), result: [4, 6, 9, 8, 1, 3, 7, 2, 10, 5] })).toBe(true);
  });

  it('refuses a changed result, seed, commitment, issue, game or beacon', () => {
    const result = [4, 6, 9, 8, 1, 3, 7, 2, 10, 5];
    expect(verifyDraw({ ...good, result: [6, 4, 9, 8, 1, 3, 7, 2, 10, 5] })).toBe(false);
    expect(verifyDraw({ ...good, result: result.slice(0, 9) })).toBe(false);
    expect(verifyDraw({ ...good, seed: seedFromHex(SEED_B), result })).toBe(false);
    expect(verifyDraw({ ...good, seed: seedFromHex(SEED_B), commitment: C_B, result })).toBe(false);
    expect(verifyDraw({ ...good, commitment: C_B, result })).toBe(false);
    expect(verifyDraw({ ...good, issue: '20261122-0002', result })).toBe(false);
    expect(verifyDraw({ ...good, gameCode: 'df_pk10_5', result })).toBe(false);
    expect(verifyDraw({ ...good, beacon: 'x', result })).toBe(false);
    expect(verifyDraw({ ...good, seed: seed.subarray(0, 31), result })).toBe(false);
  });
});

describe('seeds', () => {
  it('newSeed takes 32 bytes from the CSPRNG it is given, and copies them', () => {
    const source = Uint8Array.from({ length: 32 }, (_, i) => i);
    const seed = newSeed((n) => (n === 32 ? source : new Uint8Array(n)));
    expect(seedToHex(seed)).toBe(SEED_A);
    source[0] = 99;
    expect(seed[0]).toBe(0);
    expect(() => newSeed((n) => new Uint8Array(n - 1))).toThrow(DrawError);
  });

  it('refuses seeds that are not 32 bytes', () => {
    expect(() => commitment(new Uint8Array(31))).toThrow(DrawError);
    expect(() => seedFromHex('00')).toThrow(DrawError);
    expect(() => seedFromHex('zz'.repeat(32))).toThrow(DrawError);
    expect(() => drawFd1({ family: 'k3', gameCode: 'df_k3', issue: 'x', seed: new Uint8Array(33) })).toThrow(DrawError);
  });
});

describe('fd1Stream.uniform', () => {
  const stream = () => fd1Stream({ gameCode: 'df_k3', issue: '20261122-0001', seed: seedFromHex(SEED_A) });

  it('reads big-endian 32-bit words of HMAC blocks; u(2³²) is the raw word', async () => {
    const { createHmac } = await import('node:crypto');
    const block0 = createHmac('sha256', seedFromHex(SEED_A)).update('fd1|df_k3|20261122-0001||0').digest();
    const block1 = createHmac('sha256', seedFromHex(SEED_A)).update('fd1|df_k3|20261122-0001||1').digest();
    const words = [...Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(4 * i)), block1.readUInt32BE(0)];
    const s = stream();
    expect(Array.from({ length: 9 }, () => s.uniform(2 ** 32))).toEqual(words);
    // The k3 vector 3,6,2 is those words mod 6, plus one, when none was rejected.
    expect(words.slice(0, 3).map((w) => (w % 6) + 1)).toEqual([3, 6, 2]);
  });

  it('u(1) is always 0 and bad n is refused', () => {
    const s = stream();
    expect([s.uniform(1), s.uniform(1)]).toEqual([0, 0]);
    expect(() => s.uniform(0)).toThrow(DrawError);
    expect(() => s.uniform(2.5)).toThrow(DrawError);
    expect(() => s.uniform(2 ** 32 + 1)).toThrow(DrawError);
  });

  it('rejects words at or above the limit instead of reducing them', () => {
    // n = 2³¹ + 1: limit = 2³² − (2³² mod n) = n, so about half the words are rejected; every value stays < n.
    const s = stream();
    const n = 2 ** 31 + 1;
    for (let i = 0; i < 200; i += 1) expect(s.uniform(n)).toBeLessThan(n);
  });
});

describe('fd1 property', () => {
  it('every draw from any seed is a valid outcome of its family, and is deterministic', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_FAMILIES),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string(),
        fc.string(),
        (family, seed, issue, beacon) => {
          const request = { family, gameCode: `game_${family}`, issue, seed, beacon };
          const outcome = drawFd1(request);
          expect(isValidOutcome(family, outcome)).toBe(true);
          expect(drawFd1(request)).toEqual(outcome);
          expect(verifyDraw({ ...request, commitment: commitment(seed), result: outcome })).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
