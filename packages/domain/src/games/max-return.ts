/**
 * The largest total a slip can bring back from one draw: the maximum, over every result the draw can produce, of
 * the sum each line is paid at settlement (`settleBetItem`: a win pays floor(stake × odds / 10000), a push returns
 * the stake, a loss nothing). Lines that cannot win together (car 3 and car 5 both first) are never added up.
 *
 * Every candidate result is settled with the families' own settle functions; what is used of each rule is only
 * which part of the result a play reads, the same reduction as the RTP enumeration (`rtp.ts`):
 * - k3, lucky28, ssc: the result is a tuple of independent digits. Each play reads some positions (all of them for a
 *   total; one for a position play; two for dragon / tiger; three for a three-digit pattern). A play's verdict is
 *   tabulated over its own positions, then every assignment of the positions any line reads is added up.
 * - pk10: a play reads one or two positions. Positions linked by a play (champion + runner-up sum, dragon / tiger
 *   pairs) form blocks; the best value of each block is found for each set of cars it could hold, and the blocks are
 *   combined over disjoint sets of cars (any assignment of distinct cars to the positions read extends to a full
 *   finishing order, so nothing else constrains them).
 * - marksix: special-only plays read the special s; the others read which numbers are among the normals (or all
 *   seven balls for one zodiac). For each s and each union R of all-in number sets (|R| ≤ 6, s ∉ R) the remaining
 *   normals are chosen to maximise the normal-number and one-zodiac wins (animals own disjoint numbers, so that is
 *   a small knapsack over animals); the resulting draw is settled whole. The draw with the largest return among these
 *   candidates has the largest return of all draws: the best draw's completed all-in lines have a union R* among
 *   those enumerated, and the knapsack for R* does at least as well on every other line.
 */
import { minor, oddsBps, payout, type Minor } from '../money.ts';
import { settleBetItem } from '../settlement.ts';
import { findPlay, type Play } from './catalog.ts';
import { markSixAllIn, type MarkSixPlay } from './marksix.ts';
import type { DrawOutcome, GameFamily } from './outcome.ts';
import { PlayError } from './play.ts';
import type { Pk10Play } from './pk10.ts';
import type { SscPlay } from './ssc.ts';

/** One line of a slip: the play's code, its stake (minor units), its odds (ten-thousandths), all-in numbers. */
export type SlipLine = {
  readonly code: string;
  readonly stake: number;
  readonly odds_bps: number;
  /** Mark Six all-in: the chosen numbers (the code may then be the template, `ms.all2` / `ms.all3`). */
  readonly numbers?: readonly number[] | undefined;
};

type Line = { readonly play: Play; readonly stake: Minor; readonly odds: ReturnType<typeof oddsBps> };

/** The play a line stands for on this draw date; a PlayError when no such play is sold. */
function playOf(family: GameFamily, line: SlipLine, drawDate: string | undefined): Play {
  if (family === 'marksix' && line.numbers && line.numbers.length > 0) return markSixAllIn(line.numbers);
  const play = findPlay(family, line.code, drawDate);
  if (!play) throw new PlayError(`no ${family} play ${line.code}`);
  return play;
}

/** What a set of lines returns on one result, by the settlement rules. */
function returnOn(lines: readonly Line[], outcome: DrawOutcome): number {
  let total = 0;
  for (const line of lines) total += settleBetItem(line, outcome).payout;
  return total;
}

/** Lines grouped by play code: they win, push and lose together. */
function byPlay(lines: readonly Line[]): Map<string, Line[]> {
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const group = groups.get(line.play.code);
    if (group) group.push(line);
    else groups.set(line.play.code, [line]);
  }
  return groups;
}

/** The largest total return `lines` can get from one draw of `family` (Mark Six needs the draw date). */
export function maxReturn(family: GameFamily, lines: readonly SlipLine[], drawDate?: string): Minor {
  const resolved: Line[] = lines.map((l) => ({
    play: playOf(family, l, drawDate),
    stake: minor(l.stake),
    odds: oddsBps(l.odds_bps),
  }));
  if (resolved.length === 0) return minor(0);
  switch (family) {
    case 'k3':
      return minor(digitsMax(resolved, 3, 6, 1, () => [0, 1, 2]));
    case 'lucky28':
      return minor(digitsMax(resolved, 3, 10, 0, () => [0, 1, 2]));
    case 'ssc':
      return minor(digitsMax(resolved, 5, 10, 0, (p) => sscPositions(p as SscPlay)));
    case 'pk10':
      return minor(pk10Max(resolved));
    case 'marksix':
      return minor(markSixMax(resolved));
  }
}

/** The positions (0-based) of the instant lottery's five digits that a play reads. */
export function sscPositions(play: SscPlay): readonly number[] {
  const rule = play.rule;
  switch (rule.kind) {
    case 'position-number':
    case 'position-two-sided':
      return [rule.position - 1];
    case 'total-two-sided':
      return [0, 1, 2, 3, 4];
    case 'dragon-tiger':
      return [0, 4];
    case 'three-pattern': {
      const start = { front: 0, middle: 1, back: 2 }[rule.three];
      return [start, start + 1, start + 2];
    }
  }
}

/**
 * Results made of `length` independent digits `offset`..`offset + base − 1`: each play's return is tabulated over
 * the positions it reads (the others held at `offset`), then every assignment of the positions read is summed.
 */
function digitsMax(
  lines: readonly Line[],
  length: number,
  base: number,
  offset: number,
  positionsOf: (play: Play) => readonly number[],
): number {
  type Table = { positions: readonly number[]; values: Float64Array };
  const tables: Table[] = [];
  const read = new Set<number>();
  for (const group of byPlay(lines).values()) {
    const positions = positionsOf(group[0]!.play);
    positions.forEach((p) => read.add(p));
    const values = new Float64Array(base ** positions.length);
    const outcome = Array.from({ length }, () => offset);
    for (let index = 0; index < values.length; index += 1) {
      let rest = index;
      for (let k = positions.length - 1; k >= 0; k -= 1) {
        outcome[positions[k]!] = offset + (rest % base);
        rest = Math.floor(rest / base);
      }
      values[index] = returnOn(group, outcome);
    }
    tables.push({ positions, values });
  }
  const free = [...read].sort((a, b) => a - b);
  const digits = new Array<number>(length).fill(0);
  let best = 0;
  for (let step = 0; step < base ** free.length; step += 1) {
    let rest = step;
    for (let k = free.length - 1; k >= 0; k -= 1) {
      digits[free[k]!] = rest % base;
      rest = Math.floor(rest / base);
    }
    let total = 0;
    for (const { positions, values } of tables) {
      let index = 0;
      for (const p of positions) index = index * base + digits[p]!;
      total += values[index]!;
    }
    if (total > best) best = total;
  }
  return best;
}

/** The positions (1-based) whose cars a PK10 play reads. */
export function pk10Positions(play: Pk10Play): readonly number[] {
  const rule = play.rule;
  switch (rule.kind) {
    case 'position-number':
    case 'position-two-sided':
      return [rule.position];
    case 'dragon-tiger':
      return [rule.pair, 11 - rule.pair];
    case 'sum':
    case 'sum-two-sided':
      return [1, 2];
  }
}

const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function pk10Max(lines: readonly Line[]): number {
  // Blocks: positions joined by a play that reads two of them (union-find over positions 1..10).
  const parent = Array.from({ length: 11 }, (_, i) => i);
  const root = (p: number): number => (parent[p] === p ? p : (parent[p] = root(parent[p]!)));
  const read = new Set<number>();
  const groups = [...byPlay(lines).values()];
  const positionsOf = groups.map((g) => pk10Positions(g[0]!.play as Pk10Play));
  for (const positions of positionsOf) {
    positions.forEach((p) => read.add(p));
    for (const p of positions.slice(1)) parent[root(p)] = root(positions[0]!);
  }
  const blocks = new Map<number, { positions: number[]; groups: Line[][] }>();
  for (const p of [...read].sort((a, b) => a - b)) {
    const r = root(p);
    const block = blocks.get(r) ?? { positions: [], groups: [] };
    block.positions.push(p);
    blocks.set(r, block);
  }
  groups.forEach((g, i) => blocks.get(root(positionsOf[i]![0]!))!.groups.push(g));

  // dp[mask]: the best return of the blocks placed so far, their cars being exactly `mask` (bit c − 1 for car c).
  let dp = new Map<number, number>([[0, 0]]);
  for (const { positions, groups: blockGroups } of blocks.values()) {
    const lines = blockGroups.flat();
    // The best value of the block for each set of cars it holds.
    const bestBySet = new Map<number, number>();
    const chosen: number[] = [];
    const place = (k: number, used: number) => {
      if (k === positions.length) {
        const outcome = new Array<number>(10);
        positions.forEach((p, i) => (outcome[p - 1] = chosen[i]!));
        const rest = CARS.filter((c) => !chosen.includes(c));
        for (let p = 0; p < 10; p += 1) if (outcome[p] === undefined) outcome[p] = rest.shift()!;
        const value = returnOn(lines, outcome);
        if (value > (bestBySet.get(used) ?? -1)) bestBySet.set(used, value);
        return;
      }
      for (const car of CARS) {
        if (used & (1 << (car - 1))) continue;
        chosen[k] = car;
        place(k + 1, used | (1 << (car - 1)));
      }
    };
    place(0, 0);
    const next = new Map<number, number>();
    for (const [mask, value] of dp) {
      for (const [set, blockValue] of bestBySet) {
        if (mask & set) continue;
        const combined = mask | set;
        const total = value + blockValue;
        if (total > (next.get(combined) ?? -1)) next.set(combined, total);
      }
    }
    dp = next;
  }
  let best = 0;
  for (const value of dp.values()) if (value > best) best = value;
  return best;
}

/** The knapsack's values are a win's payout; every candidate draw itself is settled whole. */
function markSixMax(lines: readonly Line[]): number {
  const rules = lines.map((l) => (l.play as MarkSixPlay).rule);
  // Normal-number wins by number, one-zodiac wins by the animal's numbers (animals own disjoint numbers).
  const normalWin = new Array<number>(50).fill(0);
  const zodiacs = new Map<string, { numbers: readonly number[]; win: number }>();
  const allIns: (readonly number[])[] = [];
  lines.forEach((line, i) => {
    const rule = rules[i]!;
    const win = payout(line.stake, line.odds);
    if (rule.kind === 'normal-number') normalWin[rule.number] = normalWin[rule.number]! + win;
    else if (rule.kind === 'one-zodiac') {
      const z = zodiacs.get(rule.animal) ?? { numbers: rule.numbers, win: 0 };
      z.win += win;
      zodiacs.set(rule.animal, z);
    } else if (rule.kind === 'all-in') allIns.push(rule.numbers);
  });
  // Every union of all-in number sets of at most six numbers (the empty one too).
  const unions = new Map<string, readonly number[]>([['', []]]);
  const grow = (from: number, union: readonly number[]) => {
    for (let i = from; i < allIns.length; i += 1) {
      const next = [...new Set([...union, ...allIns[i]!])].sort((a, b) => a - b);
      if (next.length > 6) continue;
      const key = next.join('-');
      if (!unions.has(key)) unions.set(key, next);
      grow(i + 1, next);
    }
  };
  grow(0, []);

  const zodiacOf = new Map<number, string>();
  for (const [animal, z] of zodiacs) for (const n of z.numbers) zodiacOf.set(n, animal);
  let best = 0;
  for (let special = 1; special <= 49; special += 1) {
    for (const union of unions.values()) {
      if (union.includes(special)) continue;
      const normals = [...union, ...bestExtras(special, union, 6 - union.length, normalWin, zodiacs, zodiacOf)];
      for (let n = 1; normals.length < 6; n += 1) if (n !== special && !normals.includes(n)) normals.push(n);
      const value = returnOn(lines, [...normals, special]);
      if (value > best) best = value;
    }
  }
  return best;
}

/**
 * Up to `room` numbers (not the special, not in `taken`) that win the most normal-number and one-zodiac lines: a
 * knapsack over animals (an animal already among the special and `taken` gains nothing more from its numbers),
 * numbers of no backed animal taken on their own.
 */
function bestExtras(
  special: number,
  taken: readonly number[],
  room: number,
  normalWin: readonly number[],
  zodiacs: ReadonlyMap<string, { numbers: readonly number[]; win: number }>,
  zodiacOf: ReadonlyMap<number, string>,
): number[] {
  const hit = new Set([special, ...taken].map((n) => zodiacOf.get(n)).filter((a) => a !== undefined));
  const free = (n: number) => n !== special && !taken.includes(n);
  const byValue = (list: number[]) => list.sort((a, b) => normalWin[b]! - normalWin[a]! || a - b);
  // One pool per backed animal, and one of the numbers of no backed animal (each counted alone).
  const pools: { numbers: number[]; bonus: number }[] = [];
  for (const [animal, z] of zodiacs) {
    pools.push({ numbers: byValue(z.numbers.filter(free)), bonus: hit.has(animal) ? 0 : z.win });
  }
  const loose: number[] = [];
  for (let n = 1; n <= 49; n += 1) if (free(n) && !zodiacOf.has(n) && normalWin[n]! > 0) loose.push(n);
  pools.push({ numbers: byValue(loose), bonus: 0 });

  // dp[c]: best value using c numbers of the pools seen; choice[i][c]: how many pool i gives at that point.
  let dp = [0, ...new Array<number>(room).fill(-Infinity)];
  const choices: number[][] = [];
  for (const pool of pools) {
    const next = new Array<number>(room + 1).fill(-Infinity);
    const choice = new Array<number>(room + 1).fill(0);
    for (let c = 0; c <= room; c += 1) {
      if (dp[c] === -Infinity) continue;
      let gain = 0;
      for (let j = 0; j <= Math.min(room - c, pool.numbers.length); j += 1) {
        if (j > 0) gain += normalWin[pool.numbers[j - 1]!]! + (j === 1 ? pool.bonus : 0);
        if (dp[c]! + gain > next[c + j]!) {
          next[c + j] = dp[c]! + gain;
          choice[c + j] = j;
        }
      }
    }
    choices.push(choice);
    dp = next;
  }
  let count = 0;
  for (let c = 1; c <= room; c += 1) if (dp[c]! > dp[count]!) count = c;
  const picked: number[] = [];
  for (let i = pools.length - 1; i >= 0; i -= 1) {
    const j = choices[i]![count]!;
    picked.push(...pools[i]!.numbers.slice(0, j));
    count -= j;
  }
  return picked;
}
