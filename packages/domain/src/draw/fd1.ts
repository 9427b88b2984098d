/**
 * The fair draw, algorithm "fd1" (docs/fairness.md). A period commits to SHA-256 of a secret 32-byte seed
 * before it opens; at draw time the result is derived from the seed alone (plus an optional public beacon), so the
 * operator cannot choose it and anyone holding the revealed seed can recompute it. There is deliberately no way to
 * pass a result in (docs/trust.md 16).
 *
 * Byte stream: block k = HMAC-SHA256(key = seed, message = UTF-8 `fd1|<game code>|<issue>|<beacon>|<k>`).
 * u(n): next 4 bytes big-endian as x; limit = 2³² − (2³² mod n); x < limit → x mod n, otherwise read again.
 *
 * Pure JavaScript (@noble/hashes, no node: built-ins), so a player's browser verifies a draw with this same code
 * (`@fairdraw/domain/draw`).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { GameFamily, OutcomeOf } from '../games/outcome.ts';

export const FD1 = 'fd1';
const SEED_BYTES = 32;

export class DrawError extends Error {}

function checkSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES) {
    throw new DrawError(`an fd1 seed is ${SEED_BYTES} bytes`);
  }
}

/** C = SHA-256 of the 32 raw seed bytes, lower-case hex: what is published before the period opens. */
export function commitment(seed: Uint8Array): string {
  checkSeed(seed);
  return bytesToHex(sha256(seed));
}

/** A fresh seed from the CSPRNG the caller passes in (node:crypto's randomBytes on the server; crypto.getRandomValues in a browser). */
export function newSeed(randomBytes: (n: number) => Uint8Array): Uint8Array {
  const seed = randomBytes(SEED_BYTES);
  checkSeed(seed);
  return Uint8Array.from(seed);
}

export function seedToHex(seed: Uint8Array): string {
  checkSeed(seed);
  return bytesToHex(seed);
}

export function seedFromHex(hex: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new DrawError('an fd1 seed is 64 hexadecimal digits');
  return hexToBytes(hex);
}

export type Fd1Input = {
  readonly gameCode: string;
  readonly issue: string;
  readonly seed: Uint8Array;
  /** The public beacon's value named in the commitment; the empty string (or absent) when none is configured. */
  readonly beacon?: string | undefined;
};

export type Fd1Stream = {
  /** A uniform integer in 0..n−1 (n in 1..2³²), by rejection sampling: never plain modulo, never floats. */
  readonly uniform: (n: number) => number;
};

const TWO_32 = 0x1_0000_0000;

export function fd1Stream({ gameCode, issue, seed, beacon = '' }: Fd1Input): Fd1Stream {
  checkSeed(seed);
  // HMAC is a stream: the key and the message's fixed prefix are hashed once, each block clones that state and
  // adds only its number.
  const prefixed = hmac.create(sha256, seed).update(utf8ToBytes(`fd1|${gameCode}|${issue}|${beacon}|`));
  let block = 0;
  let bytes = new Uint8Array(0);
  let offset = 0;

  const nextUint32 = (): number => {
    // Blocks are 32 bytes, so a 4-byte read never straddles two blocks; the general case is kept anyway.
    while (bytes.length - offset < 4) {
      const next = prefixed
        .clone()
        .update(utf8ToBytes(String(block)))
        .digest();
      block += 1;
      bytes = concatBytes(bytes.subarray(offset), next);
      offset = 0;
    }
    const x =
      ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
    offset += 4;
    return x;
  };

  const uniform = (n: number): number => {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32) throw new DrawError(`cannot draw uniformly from ${n} values`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  };

  return { uniform };
}

function drawPk10(u: (n: number) => number): number[] {
  const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  for (let i = 9; i >= 1; i -= 1) swap(a, i, u(i + 1));
  return a;
}

function drawMarkSix(u: (n: number) => number): number[] {
  const a = Array.from({ length: 49 }, (_, i) => i + 1);
  for (let i = 0; i <= 6; i += 1) swap(a, i, i + u(49 - i));
  return a.slice(0, 7);
}

function swap(a: number[], i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

export type DrawRequest<F extends GameFamily = GameFamily> = Fd1Input & { readonly family: F };

/** The result of a period, recomputable by anyone from the revealed seed. */
export function drawFd1<F extends GameFamily>(request: DrawRequest<F>): OutcomeOf[F] {
  const { uniform: u } = fd1Stream(request);
  const family: GameFamily = request.family;
  switch (family) {
    case 'pk10':
      return drawPk10(u);
    case 'k3':
      return [u(6) + 1, u(6) + 1, u(6) + 1];
    case 'ssc':
      return [u(10), u(10), u(10), u(10), u(10)];
    case 'lucky28':
      return [u(10), u(10), u(10)];
    case 'marksix':
      return drawMarkSix(u);
  }
}

export type VerifyDrawInput = DrawRequest & {
  /** The published commitment (hex; compared case-insensitively). */
  readonly commitment: string;
  /** The published result. */
  readonly result: readonly number[];
};

/** What a player's verifier does: SHA-256(seed) = C and the recomputed result equals the published one. */
export function verifyDraw(input: VerifyDrawInput): boolean {
  if (!(input.seed instanceof Uint8Array) || input.seed.length !== SEED_BYTES) return false;
  if (commitment(input.seed) !== input.commitment.toLowerCase()) return false;
  const drawn = drawFd1(input);
  return drawn.length === input.result.length && drawn.every((v, i) => v === input.result[i]);
}
