import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findPlay, playsOf, type Play } from './catalog.ts';
import { GAME_FAMILIES, type GameFamily } from './outcome.ts';
import { markSixAllIn, settleMarkSix, type MarkSixPlay } from './marksix.ts';
import { settlePk10, type Pk10Play } from './pk10.ts';
import {
  markSixRelevantNumbers,
  markSixRepresentative,
  pk10RelevantPositions,
  pk10Representative,
  playChances,
  playRtp,
  rtpBelowOneHundred,
  rtpOfChances,
} from './rtp.ts';
import { oddsBps } from '../money.ts';

const DATE = '2026-11-22'; // Horse year

/** The RTP published for a play code: [percent, tolerance in percentage points]. */
function documentedRtp(code: string): [number, number] {
  const exact = (percent: number): [number, number] => [percent, 0.1];
  const about = (percent: number): [number, number] => [percent, 1];
  const rules: [RegExp, [number, number]][] = [
    [/^pk10\.pos\d+\.num\d+$/, exact(98.0)],
    [/^pk10\.pos\d+\.(big|small|odd|even)$/, exact(99.0)],
    [/^pk10\.dt\d\.(dragon|tiger)$/, exact(99.0)],
    [/^pk10\.sum\.\d+$/, about(94.5)],
    [/^pk10\.sum\.(big|even)$/, exact(97.8)],
    [/^pk10\.sum\.(small|odd)$/, exact(98.9)],
    [/^k3\.sum\.\d+$/, about(90)],
    [/^k3\.(big|small|odd|even)$/, exact(96.3)],
    [/^k3\.triple\.\d$/, exact(90.3)],
    [/^k3\.triple\.any$/, exact(88.9)],
    [/^k3\.pair\.\d$/, exact(90.4)],
    [/^k3\.two\./, exact(90.3)],
    [/^k3\.three\./, exact(90.3)],
    [/^k3\.straight\.any$/, exact(90.0)],
    [/^k3\.single\.\d$/, exact(90.6)],
    [/^ms\.special\.num\.\d+$/, exact(95.9)],
    [/^ms\.special\.(big|small|odd|even|digitsum\.\w+|tail\.\w+)$/, exact(98.0)],
    [/^ms\.special\.colour\.red$/, exact(95.4)],
    [/^ms\.special\.colour\.(blue|green)$/, exact(94.7)],
    [/^ms\.special\.zodiac\.horse$/, exact(95.9)],
    [/^ms\.special\.zodiac\./, exact(96.3)],
    [/^ms\.zodiac\.horse$/, exact(96.9)],
    [/^ms\.zodiac\./, exact(96.7)],
    [/^ms\.normal\.num\.\d+$/, exact(95.5)],
    [/^ms\.all2\./, exact(91.8)],
    [/^ms\.all3\./, exact(90.1)],
    [/^l28\.sum\.\d+$/, about(95)],
    [/^l28\.(big|small|odd|even)$/, exact(99.0)],
    [/^l28\.(big-odd|small-even)$/, exact(97.0)],
    [/^l28\.(big-even|small-odd)$/, exact(96.8)],
    [/^l28\.extreme-(small|big)$/, exact(95.2)],
    [/^l28\.leopard$/, exact(90.0)],
    [/^l28\.pair$/, exact(94.5)],
    [/^l28\.straight$/, exact(91.2)],
    [/^ssc\.pos\d\.num\d$/, exact(98.0)],
    [/^ssc\.pos\d\.(big|small|odd|even)$/, exact(99.0)],
    [/^ssc\.total\.(big|small|odd|even)$/, exact(99.0)],
    [/^ssc\.(dragon|tiger)$/, exact(99.0)],
    [/^ssc\.tie$/, exact(94.0)],
    [/^ssc\.\w+\.(leopard|straight)$/, exact(90)],
    [/^ssc\.\w+\.(pair|half-straight)$/, exact(91.8)],
    [/^ssc\.\w+\.mixed$/, exact(91.5)],
  ];
  const found = rules.find(([pattern]) => pattern.test(code));
  if (!found) throw new Error(`no published RTP for ${code}`);
  return found[1];
}

const allPlays = (family: GameFamily): Play[] => {
  const plays: Play[] = [...playsOf(family, DATE)];
  if (family === 'marksix') plays.push(markSixAllIn([3, 17]), markSixAllIn([1, 25, 49]), markSixAllIn([48, 49]));
  return plays;
};

const chances = (family: GameFamily, code: string) => playChances(findPlay(family, code, DATE)!);

describe('RTP by enumeration (docs/trust.md 15)', () => {
  it.each(GAME_FAMILIES)('every %s play is below 100 % and matches the published RTP', (family) => {
    for (const play of allPlays(family)) {
      const rtp = playRtp(play);
      expect(rtp.numerator < rtp.denominator, play.code).toBe(true);
      const [documented, tolerance] = documentedRtp(play.code);
      const exact = Number(rtp.numerator) / Number(rtp.denominator);
      expect(
        Math.abs(exact * 100 - documented),
        `${play.code}: ${rtp.percent} % vs ${documented} %`,
      ).toBeLessThanOrEqual(tolerance + 1e-9);
    }
  });

  it('enumerates the whole outcome space of each family', () => {
    expect(chances('pk10', 'pk10.sum.3').total).toBe(90n);
    expect(chances('k3', 'k3.big').total).toBe(216n);
    expect(chances('lucky28', 'l28.big').total).toBe(1000n);
    expect(chances('ssc', 'ssc.tie').total).toBe(100_000n);
    // 49 specials × C(48, 6) sets of normal numbers
    for (const code of ['ms.special.big', 'ms.zodiac.horse', 'ms.normal.num.49', 'ms.all3.1-2-3']) {
      expect(chances('marksix', code).total).toBe(49n * 12_271_512n);
    }
  });

  it('reproduces the published probabilities', () => {
    const ways = (family: GameFamily, code: string) => Number(chances(family, code).win);
    expect([3, 5, 7, 9, 11, 13, 15, 17, 19].map((s) => ways('pk10', `pk10.sum.${s}`))).toEqual([
      2, 4, 6, 8, 10, 8, 6, 4, 2,
    ]);
    expect([ways('pk10', 'pk10.sum.big'), ways('pk10', 'pk10.sum.small'), ways('pk10', 'pk10.sum.odd')]).toEqual([
      40, 50, 50,
    ]);
    expect([4, 5, 6, 7, 8, 9, 10].map((s) => ways('k3', `k3.sum.${s}`))).toEqual([3, 6, 10, 15, 21, 25, 27]);
    expect(
      ['k3.big', 'k3.triple.1', 'k3.triple.any', 'k3.pair.1', 'k3.two.1-2', 'k3.three.1-2-3'].map((c) => ways('k3', c)),
    ).toEqual([105, 1, 6, 16, 30, 6]);
    expect([ways('k3', 'k3.straight.any'), ways('k3', 'k3.single.1')]).toEqual([24, 91]);
    const l28 = Array.from({ length: 14 }, (_, s) => ways('lucky28', `l28.sum.${s}`));
    expect(l28).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75]);
    expect(
      ['l28.big-odd', 'l28.big-even', 'l28.extreme-small', 'l28.leopard', 'l28.pair', 'l28.straight'].map((c) =>
        ways('lucky28', c),
      ),
    ).toEqual([231, 269, 56, 10, 270, 48]);
    expect(['leopard', 'straight', 'pair', 'half-straight', 'mixed'].map((p) => ways('ssc', `ssc.back.${p}`))).toEqual([
      1_000, 6_000, 27_000, 36_000, 30_000,
    ]);
    expect([ways('ssc', 'ssc.dragon'), ways('ssc', 'ssc.tie'), ways('ssc', 'ssc.total.big')]).toEqual([
      45_000, 10_000, 50_000,
    ]);
    const p = (code: string) => {
      const c = chances('marksix', code);
      return Number(c.win) / Number(c.total);
    };
    expect(p('ms.special.big')).toBeCloseTo(24 / 49, 12);
    expect(chances('marksix', 'ms.special.big').push * 49n).toBe(chances('marksix', 'ms.special.big').total);
    expect(p('ms.special.digitsum.big')).toBeCloseTo(24 / 49, 12);
    expect(p('ms.special.tail.small')).toBeCloseTo(24 / 49, 12);
    expect(p('ms.zodiac.goat')).toBeCloseTo(0.4717, 4);
    expect(p('ms.zodiac.horse')).toBeCloseTo(0.5539, 4);
    expect(p('ms.normal.num.7')).toBeCloseTo(6 / 49, 12);
    expect(p('ms.all2.3-17')).toBeCloseTo(15 / 1176, 12);
    expect(p('ms.all3.1-2-3')).toBeCloseTo(20 / 18424, 12);
  });

  it('gives exact fractions and takes the accepted odds', () => {
    const rtp = playRtp(findPlay('pk10', 'pk10.pos1.big')!);
    expect([rtp.numerator, rtp.denominator, rtp.percent]).toEqual([99n, 100n, 99]);
    const k3 = playRtp(findPlay('k3', 'k3.big')!);
    expect([k3.numerator, k3.denominator, k3.percent]).toEqual([77n, 80n, 96.25]); // 105 × 1.98 / 216;
    const push = playRtp(findPlay('marksix', 'ms.special.big', DATE)!);
    expect([push.numerator, push.denominator]).toEqual([1201n, 1225n]); // (24 × 1.96 + 1) / 49
    expect(playRtp(findPlay('pk10', 'pk10.pos1.big')!, oddsBps(20_000)).percent).toBe(100);
  });
});

describe('the enumeration shortcuts read everything a play reads', () => {
  it('a PK10 play depends only on its two positions', () => {
    const plays = playsOf('pk10');
    fc.assert(
      fc.property(
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 10 }),
        fc.constantFrom(...plays),
        (order, play: Pk10Play) => {
          const [p, q] = pk10RelevantPositions(play);
          const representative = pk10Representative(p, order[p - 1]!, q, order[q - 1]!);
          expect(settlePk10(play, representative)).toBe(settlePk10(play, order));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('a Mark Six play depends only on the special and which of its numbers are normal', () => {
    const plays: MarkSixPlay[] = [...playsOf('marksix', DATE), markSixAllIn([3, 17]), markSixAllIn([1, 13, 25])];
    const balls = Array.from({ length: 49 }, (_, i) => i + 1);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(balls, { minLength: 7, maxLength: 7 }),
        fc.constantFrom(...plays),
        (draw, play) => {
          const special = draw[6]!;
          const relevant = markSixRelevantNumbers(play);
          const chosen = relevant.filter((n) => n !== special && draw.slice(0, 6).includes(n));
          const representative = markSixRepresentative(special, relevant, chosen);
          expect(settleMarkSix(play, representative)).toBe(settleMarkSix(play, draw));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('rtpOfChances: the RTP at any odds from a play’s chances (the console’s live figure)', () => {
  it('equals playRtp at the play’s own and at other odds, for a play of every family', () => {
    for (const family of GAME_FAMILIES) {
      const play = playsOf(family, '2026-06-01')[0]!;
      const chances = playChances(play);
      for (const odds of [play.odds, 10_001, play.odds + 1234, play.odds * 3]) {
        expect(rtpOfChances(chances, odds)).toEqual(playRtp(play, oddsBps(odds)));
      }
    }
  });

  it('tells odds at or above 100 % exactly, not by the rounded percent', () => {
    // A play won once in three outcomes and never pushed: odds 3.0000 return exactly 100 %.
    const chances = { win: 1n, push: 0n, total: 3n };
    expect(rtpOfChances(chances, 30_000).percent).toBe(100);
    expect(rtpBelowOneHundred(chances, 30_000)).toBe(false);
    expect(rtpBelowOneHundred(chances, 29_999)).toBe(true);
    expect(rtpOfChances(chances, 29_999).percent).toBe(100); // rounds to 100, yet below it
    expect(rtpBelowOneHundred(chances, 30_001)).toBe(false);
  });

  it('refuses odds that are not whole basis points', () => {
    expect(() => rtpOfChances({ win: 1n, push: 0n, total: 2n }, 1.5)).toThrow(RangeError);
  });
});
