/**
 * Return to player of every play, computed by enumerating equally likely outcomes (RTP = odds × P(win) +
 * 1 × P(push); docs/trust.md 15). Results are exact fractions so a test can compare them with the value shown to
 * players.
 *
 * What is enumerated, per family:
 * - k3: the 216 ordered rolls; lucky28: the 1000 ordered digit triples; ssc: the 10⁵ ordered five-digit results.
 * - pk10: every PK10 play reads the cars in at most two positions p, q. Each of the 90 ordered pairs of distinct
 *   cars at (p, q) stands for the same number (8!) of the 10! finishing orders, so enumerating the 90 pairs (the
 *   other cars filled in in any fixed way) gives the exact probabilities.
 * - marksix: every unordered (set of six normal numbers, special) is equally likely; there are 49 × C(48, 6).
 *   A play reads the special and whether each number of a small set T (its own numbers: none for special-only
 *   plays, n for a normal number, the chosen numbers for all-in, the animal's numbers for one zodiac) is among the
 *   normals. So for each special s and each subset I of T \ {s} of size ≤ 6, the class "normals ∩ T = I" has
 *   C(48 − |T \ {s}|, 6 − |I|) members; one representative per class is settled with the real rule, weighted.
 * The play's own settle function decides every outcome: nothing here restates a rule.
 */
import type { OddsBps } from '../money.ts';
import type { Play } from './catalog.ts';
import type { PlayResult } from './play.ts';
import { rtpOfChances, type PlayChances, type Rtp } from './rtp-of-chances.ts';

export * from './rtp-of-chances.ts';
import { settlePk10, type Pk10Play } from './pk10.ts';
import { settleK3 } from './k3.ts';
import { settleSsc } from './ssc.ts';
import { settleLucky28 } from './lucky28.ts';
import { settleMarkSix, type MarkSixPlay } from './marksix.ts';

type Counter = { win: bigint; push: bigint; total: bigint };

function tally(counter: Counter, result: PlayResult, weight: bigint): void {
  counter.total += weight;
  if (result === 'win') counter.win += weight;
  else if (result === 'push') counter.push += weight;
}

function eachDigits(length: number, base: number, offset: number, visit: (values: number[]) => void): void {
  const values = Array.from({ length }, () => offset);
  for (;;) {
    visit(values);
    let i = length - 1;
    while (i >= 0 && values[i] === offset + base - 1) {
      values[i] = offset;
      i -= 1;
    }
    if (i < 0) return;
    values[i] = values[i]! + 1;
  }
}

/** The (at most two) positions, 1-based, whose cars a PK10 play reads. */
export function pk10RelevantPositions(play: Pk10Play): readonly [number, number] {
  const rule = play.rule;
  switch (rule.kind) {
    case 'position-number':
    case 'position-two-sided':
      return [rule.position, rule.position === 1 ? 2 : 1];
    case 'dragon-tiger':
      return [rule.pair, 11 - rule.pair];
    case 'sum':
    case 'sum-two-sided':
      return [1, 2];
  }
}

/** A finishing order with car a at position p and car b at position q, the other cars in ascending order. */
export function pk10Representative(p: number, a: number, q: number, b: number): number[] {
  const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((c) => c !== a && c !== b);
  const order: number[] = [];
  for (let position = 1; position <= 10; position += 1) {
    order.push(position === p ? a : position === q ? b : rest.shift()!);
  }
  return order;
}

function pk10Chances(play: Pk10Play): Counter {
  const counter: Counter = { win: 0n, push: 0n, total: 0n };
  const [p, q] = pk10RelevantPositions(play);
  for (let a = 1; a <= 10; a += 1) {
    for (let b = 1; b <= 10; b += 1) {
      if (a !== b) tally(counter, settlePk10(play, pk10Representative(p, a, q, b)), 1n);
    }
  }
  return counter;
}

/** The numbers whose presence among the six normal numbers a Mark Six play reads (besides the special). */
export function markSixRelevantNumbers(play: MarkSixPlay): readonly number[] {
  const rule = play.rule;
  switch (rule.kind) {
    case 'special-number':
    case 'special-two-sided':
    case 'special-colour':
    case 'special-zodiac':
      return [];
    case 'normal-number':
      return [rule.number];
    case 'one-zodiac':
    case 'all-in':
      return rule.numbers;
  }
}

/** A Mark Six result with special s whose normals meet `relevant` exactly in `chosen`, filled with low numbers. */
export function markSixRepresentative(
  special: number,
  relevant: readonly number[],
  chosen: readonly number[],
): number[] {
  const normals = [...chosen];
  for (let n = 1; normals.length < 6; n += 1) {
    if (n !== special && !relevant.includes(n)) normals.push(n);
  }
  return [...normals, special];
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

function markSixChances(play: MarkSixPlay): Counter {
  const counter: Counter = { win: 0n, push: 0n, total: 0n };
  const relevant = markSixRelevantNumbers(play);
  for (let special = 1; special <= 49; special += 1) {
    const candidates = relevant.filter((n) => n !== special);
    const others = 48 - candidates.length;
    for (let mask = 0; mask < 1 << candidates.length; mask += 1) {
      const chosen = candidates.filter((_, i) => (mask >> i) & 1);
      if (chosen.length > 6) continue;
      const weight = binomial(others, 6 - chosen.length);
      tally(counter, settleMarkSix(play, markSixRepresentative(special, relevant, chosen)), weight);
    }
  }
  return counter;
}

function chancesOf(play: Play): Counter {
  const counter: Counter = { win: 0n, push: 0n, total: 0n };
  switch (play.family) {
    case 'pk10':
      return pk10Chances(play);
    case 'marksix':
      return markSixChances(play);
    case 'k3':
      eachDigits(3, 6, 1, (roll) => tally(counter, settleK3(play, roll), 1n));
      return counter;
    case 'lucky28':
      eachDigits(3, 10, 0, (digits) => tally(counter, settleLucky28(play, digits), 1n));
      return counter;
    case 'ssc':
      eachDigits(5, 10, 0, (digits) => tally(counter, settleSsc(play, digits), 1n));
      return counter;
  }
}

/** How often a play wins and pushes, over its family's whole outcome space. */
export function playChances(play: Play): PlayChances {
  const { win, push, total } = chancesOf(play);
  return { win, push, total };
}

/** RTP = odds × P(win) + P(push), exactly; `odds` defaults to the play's default odds. */
export function playRtp(play: Play, odds: OddsBps = play.odds): Rtp {
  return rtpOfChances(chancesOf(play), odds);
}
