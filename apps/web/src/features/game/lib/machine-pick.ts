// Machine pick: the player's random choice of a play (and of all-in numbers), from the browser's cryptographic
// generator (never Math.random). It picks what to bet on; the draw itself is the server's fd1 alone.

/** Fills the array with random words (crypto.getRandomValues; a test passes its own). */
export type Random = (a: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

/** A uniform integer in 0..n − 1 from crypto.getRandomValues (rejection sampling: no modulo bias). */
export function randomIndex(n: number, random: Random = (a) => crypto.getRandomValues(a)): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`no index below ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const word = new Uint32Array(new ArrayBuffer(4));
  for (;;) {
    const value = random(word)[0]!;
    if (value < limit) return value % n;
  }
}

/** `count` different numbers from 1..`top`, ascending. */
export function randomNumbers(count: number, top: number, random?: Random): number[] {
  const pool = Array.from({ length: top }, (_, i) => i + 1);
  const chosen: number[] = [];
  for (let k = 0; k < count; k += 1) chosen.push(pool.splice(randomIndex(pool.length, random), 1)[0]!);
  return chosen.sort((a, b) => a - b);
}
