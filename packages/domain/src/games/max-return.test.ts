import { describe, expect, it } from 'vitest';
import { payout, minor, oddsBps } from '../money.ts';
import { settleBetItem } from '../settlement.ts';
import { findPlay, playsOf, type Play } from './catalog.ts';
import { markSixAllIn } from './marksix.ts';
import { maxReturn, pk10Positions, type SlipLine } from './max-return.ts';
import type { GameFamily } from './outcome.ts';
import { settlePk10, type Pk10Play } from './pk10.ts';

const DATE = '2026-11-22'; // Horse year

/** A small seeded generator (mulberry32), so a failing slip can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { int, pick };
}

type Resolved = { play: Play; stake: ReturnType<typeof minor>; odds: ReturnType<typeof oddsBps> };

function resolve(family: GameFamily, lines: readonly SlipLine[]): Resolved[] {
  return lines.map((l) => ({
    play: l.numbers ? markSixAllIn(l.numbers) : findPlay(family, l.code, DATE)!,
    stake: minor(l.stake),
    odds: oddsBps(l.odds_bps),
  }));
}

/** The return of a slip on one result, line by line through settleBetItem. */
function settled(lines: readonly Resolved[], outcome: readonly number[]): number {
  return lines.reduce((sum, l) => sum + settleBetItem(l, outcome).payout, 0);
}

/** Every tuple of `length` digits `offset`..`offset + base − 1`. */
function* tuples(length: number, base: number, offset: number): Generator<number[]> {
  const digits = new Array<number>(length).fill(offset);
  for (;;) {
    yield digits;
    let i = length - 1;
    while (i >= 0 && digits[i] === offset + base - 1) digits[i--] = offset;
    if (i < 0) return;
    digits[i] = digits[i]! + 1;
  }
}

function bruteDigits(family: GameFamily, lines: readonly SlipLine[], length: number, base: number, offset: number) {
  const resolved = resolve(family, lines);
  let best = 0;
  for (const outcome of tuples(length, base, offset)) best = Math.max(best, settled(resolved, outcome));
  return best;
}

/** Every one of the 10! finishing orders (Heap's algorithm); settlePk10 with settleBetItem's payouts. */
function brutePk10Full(lines: readonly SlipLine[]): number {
  const resolved = resolve('pk10', lines);
  const order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const c = new Array<number>(10).fill(0);
  const value = () =>
    resolved.reduce((s, l) => s + (settlePk10(l.play as Pk10Play, order) === 'win' ? payout(l.stake, l.odds) : 0), 0);
  let best = value();
  let i = 1;
  while (i < 10) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      [order[j], order[i]] = [order[i]!, order[j]!];
      best = Math.max(best, value());
      c[i] = c[i]! + 1;
      i = 1;
    } else {
      c[i] = 0;
      i += 1;
    }
  }
  return best;
}

/**
 * Every assignment of distinct cars to the positions the slip's plays read, the other cars in ascending order: a
 * play reads only its positions (rtp.test.ts holds that for every play), so these cover every finishing order.
 */
function brutePk10(lines: readonly SlipLine[]): number {
  const resolved = resolve('pk10', lines);
  const read = [...new Set(resolved.flatMap((l) => pk10Positions(l.play as Pk10Play)))];
  let best = 0;
  const chosen: number[] = [];
  const visit = (k: number) => {
    if (k === read.length) {
      const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((car) => !chosen.includes(car));
      const order = Array.from({ length: 10 }, (_, p) => {
        const at = read.indexOf(p + 1);
        return at >= 0 ? chosen[at]! : rest.shift()!;
      });
      best = Math.max(best, settled(resolved, order));
      return;
    }
    for (let car = 1; car <= 10; car += 1) {
      if (chosen.slice(0, k).includes(car)) continue;
      chosen[k] = car;
      visit(k + 1);
    }
    chosen.length = k;
  };
  visit(0);
  return best;
}

/**
 * Every class of Mark Six draws: the special s and which numbers of T (every number a line's play names) are among
 * the normals, filled with numbers outside T. Every play reads only the special and membership of its own numbers
 * (rtp.test.ts), so the classes cover all 49 × C(48, 6) draws.
 */
function bruteMarkSix(lines: readonly SlipLine[]): number {
  const resolved = resolve('marksix', lines);
  const named = new Set<number>();
  for (const { play } of resolved) {
    const rule = play.rule as { kind: string; number?: number; numbers?: readonly number[] };
    if (rule.kind === 'normal-number') named.add(rule.number!);
    if (rule.kind === 'one-zodiac' || rule.kind === 'all-in') rule.numbers!.forEach((n) => named.add(n));
  }
  let best = 0;
  for (let special = 1; special <= 49; special += 1) {
    const t = [...named].filter((n) => n !== special);
    for (let mask = 0; mask < 1 << t.length; mask += 1) {
      const normals = t.filter((_, i) => (mask >> i) & 1);
      if (normals.length > 6) continue;
      for (let n = 1; normals.length < 6; n += 1) if (n !== special && !named.has(n)) normals.push(n);
      best = Math.max(best, settled(resolved, [...normals, special]));
    }
  }
  return best;
}

function line(family: GameFamily, code: string, stake: number, odds?: number): SlipLine {
  const play = findPlay(family, code, DATE);
  if (!play) throw new Error(code);
  return { code, stake, odds_bps: odds ?? play.odds };
}

/** A random slip of `size` lines of plays from `plays`, stakes 1..5000, odds at or a little above the defaults. */
function randomSlip(rng: ReturnType<typeof random>, plays: readonly Play[], size: number): SlipLine[] {
  return Array.from({ length: size }, () => {
    const play = rng.pick(plays);
    return { code: play.code, stake: rng.int(1, 5000), odds_bps: play.odds + rng.int(0, 3) * 1000 };
  });
}

// The brute forces walk up to 10! outcomes: seconds of work on a quiet machine, more on a busy one. They check
// answers, not speed, so they get room beyond vitest's 5 s default.
const BRUTE_FORCE_TIMEOUT = 120_000;

describe('maxReturn', () => {
  it('adds up only lines that can win together', () => {
    expect(maxReturn('pk10', [line('pk10', 'pk10.pos1.num3', 1000), line('pk10', 'pk10.pos1.num5', 1000)])).toBe(9800);
    expect(maxReturn('lucky28', [line('lucky28', 'l28.sum.13', 1000), line('lucky28', 'l28.sum.14', 1000)])).toBe(
      12_600,
    );
    expect(maxReturn('ssc', [line('ssc', 'ssc.pos1.num3', 50_000), line('ssc', 'ssc.pos1.num5', 50_000)])).toBe(
      490_000,
    );
    // Different positions can both come in.
    expect(maxReturn('pk10', [line('pk10', 'pk10.pos1.num3', 1000), line('pk10', 'pk10.pos2.num5', 1000)])).toBe(
      19_600,
    );
    expect(maxReturn('k3', [])).toBe(0);
  });

  it('counts a push as the stake back: special big and small both return on a special 49', () => {
    const big = line('marksix', 'ms.special.big', 10_000);
    const small = line('marksix', 'ms.special.small', 10_000);
    // One of them wins 196.00, or both push and 200.00 comes back.
    expect(maxReturn('marksix', [big, small], DATE)).toBe(20_000);
    expect(maxReturn('marksix', [big, small], DATE)).toBe(bruteMarkSix([big, small]));
  });

  it('reads all-in numbers and resolves zodiac plays on the draw date', () => {
    const slip: SlipLine[] = [
      { code: 'ms.all2', stake: 100, odds_bps: 720_000, numbers: [3, 17] },
      { code: 'ms.all3', stake: 100, odds_bps: 8_300_000, numbers: [3, 17, 40] },
      line('marksix', 'ms.normal.num.40', 100),
      line('marksix', 'ms.zodiac.horse', 100),
      line('marksix', 'ms.special.num.40', 100),
    ];
    expect(maxReturn('marksix', slip, DATE)).toBe(bruteMarkSix(slip));
    expect(() => maxReturn('marksix', slip)).toThrow();
    expect(() => maxReturn('k3', [{ code: 'k3.nothing', stake: 1, odds_bps: 20_000 }])).toThrow();
  });

  it('equals the largest return over all 216 K3 rolls, for random slips', () => {
    const rng = random(3);
    for (let run = 0; run < 60; run += 1) {
      const slip = randomSlip(rng, playsOf('k3'), rng.int(1, 10));
      expect(maxReturn('k3', slip), JSON.stringify(slip)).toBe(bruteDigits('k3', slip, 3, 6, 1));
    }
  });

  it('equals the largest return over all 1000 Lucky 28 draws, for random slips', () => {
    const rng = random(28);
    for (let run = 0; run < 60; run += 1) {
      const slip = randomSlip(rng, playsOf('lucky28'), rng.int(1, 10));
      expect(maxReturn('lucky28', slip), JSON.stringify(slip)).toBe(bruteDigits('lucky28', slip, 3, 10, 0));
    }
  });

  it(
    'equals the largest return over all 100 000 instant lottery draws, for random slips',
    { timeout: BRUTE_FORCE_TIMEOUT },
    () => {
      const rng = random(5);
      for (let run = 0; run < 12; run += 1) {
        const slip = randomSlip(rng, playsOf('ssc'), rng.int(1, 8));
        expect(maxReturn('ssc', slip), JSON.stringify(slip)).toBe(bruteDigits('ssc', slip, 5, 10, 0));
      }
    },
  );

  it('equals the largest return over all 10! PK10 finishing orders', { timeout: BRUTE_FORCE_TIMEOUT }, () => {
    const slips: SlipLine[][] = [
      ['pk10.pos1.num3', 'pk10.pos1.num5', 'pk10.sum.11', 'pk10.dt1.dragon', 'pk10.pos10.num9', 'pk10.pos5.big'],
      ['pk10.sum.3', 'pk10.pos2.num1', 'pk10.dt2.tiger', 'pk10.pos9.num10', 'pk10.pos3.small', 'pk10.dt3.dragon'],
    ].map((codes) => codes.map((code, i) => line('pk10', code, 100 * (i + 1))));
    for (const slip of slips) expect(maxReturn('pk10', slip)).toBe(brutePk10Full(slip));
  });

  it(
    'equals the largest return over every PK10 order of the positions read, for random slips',
    { timeout: BRUTE_FORCE_TIMEOUT },
    () => {
      const rng = random(10);
      const plays = playsOf('pk10');
      for (let run = 0; run < 40; run += 1) {
        let slip = randomSlip(rng, plays, rng.int(1, 8));
        // At most five positions read, so the brute force stays within 10 × 9 × 8 × 7 × 6 orders.
        while (new Set(resolve('pk10', slip).flatMap((l) => pk10Positions(l.play as Pk10Play))).size > 5) {
          slip = slip.slice(1);
        }
        expect(maxReturn('pk10', slip), JSON.stringify(slip)).toBe(brutePk10(slip));
      }
    },
  );

  it(
    'equals the largest return over every class of Mark Six draws, for random slips with zodiac and all-in',
    { timeout: BRUTE_FORCE_TIMEOUT },
    () => {
      const rng = random(6);
      const plays = playsOf('marksix', DATE);
      const cheap = plays.filter((p) => p.rule.kind !== 'one-zodiac');
      const zodiac = plays.filter((p) => p.rule.kind === 'one-zodiac');
      for (let run = 0; run < 25; run += 1) {
        const slip = randomSlip(rng, cheap, rng.int(1, 6));
        // At most one zodiac and one or two all-in lines, so that T stays near a dozen numbers.
        if (rng.int(0, 1)) slip.push(...randomSlip(rng, zodiac, 1));
        for (let k = rng.int(0, 2); k > 0; k -= 1) {
          const numbers = [...new Set(Array.from({ length: rng.int(2, 3) }, () => rng.int(1, 20)))];
          if (numbers.length < 2) continue;
          const play = markSixAllIn(numbers);
          slip.push({ code: play.code, stake: rng.int(1, 500), odds_bps: play.odds, numbers });
        }
        const named = new Set(
          resolve('marksix', slip).flatMap(({ play }) => {
            const rule = play.rule as { kind: string; number?: number; numbers?: readonly number[] };
            return rule.kind === 'normal-number'
              ? [rule.number!]
              : rule.kind === 'special-zodiac'
                ? []
                : (rule.numbers ?? []);
          }),
        );
        if (named.size > 13) continue;
        expect(maxReturn('marksix', slip, DATE), JSON.stringify(slip)).toBe(bruteMarkSix(slip));
      }
    },
  );

  // A hundred lines is the most a slip holds: the answer comes (no brute force could), within the plain bounds. How
  // long it takes on a phone is the web's bundle and Lighthouse figures' business, not a timed test's.
  it('answers a full slip of a hundred lines, between its best line and the sum of all its lines', () => {
    const rng = random(100);
    const bounded = (family: GameFamily, slip: SlipLine[], date?: string) => {
      const sum = slip.reduce((a, l) => a + Math.floor((l.stake * l.odds_bps) / 10_000), 0);
      const best = maxReturn(family, slip, date);
      expect(best, family).toBeGreaterThan(0);
      expect(best, family).toBeLessThanOrEqual(sum);
    };
    for (const family of ['ssc', 'pk10', 'k3', 'lucky28'] as const)
      bounded(family, randomSlip(rng, playsOf(family), 100));
    const ms = randomSlip(rng, playsOf('marksix', DATE), 98);
    ms.push({ code: 'ms.all2', stake: 100, odds_bps: 720_000, numbers: [3, 17] });
    ms.push({ code: 'ms.all3', stake: 100, odds_bps: 8_300_000, numbers: [3, 17, 40] });
    bounded('marksix', ms, DATE);
  });
});
