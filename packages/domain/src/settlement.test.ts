import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settleBetItem, settlePlay } from './settlement.ts';
import { findPlay, type Play } from './games/catalog.ts';
import { PlayError } from './games/play.ts';
import { minor, oddsBps, type OddsBps } from './money.ts';

function play(family: Play['family'], code: string): Play {
  const found = findPlay(family, code, '2026-11-22');
  if (!found) throw new Error(`no play ${code}`);
  return found;
}

describe('settleBetItem', () => {
  const dragon = play('ssc', 'ssc.dragon');

  it('a win pays floor(stake × odds / 10000)', () => {
    expect(settleBetItem({ play: dragon, odds: oddsBps(22_000), stake: minor(1_000) }, [7, 0, 0, 0, 3])).toEqual({
      result: 'win',
      payout: 2_200,
    });
    // 10.00 at 1.98 → 19.80; 0.01 at 1.98 → 0.0198 → 0.01; 0.33 at 1.985 → 0.65505 → 0.65
    const big = play('k3', 'k3.big');
    expect(settleBetItem({ play: big, odds: oddsBps(19_800), stake: minor(1_000) }, [3, 6, 2]).payout).toBe(1_980);
    expect(settleBetItem({ play: big, odds: oddsBps(19_800), stake: minor(1) }, [3, 6, 2]).payout).toBe(1);
    expect(settleBetItem({ play: big, odds: oddsBps(19_850), stake: minor(33) }, [3, 6, 2]).payout).toBe(65);
  });

  it('uses the odds the item was accepted at, not the default', () => {
    const item = { play: dragon, odds: oddsBps(21_000), stake: minor(1_000) };
    expect(settleBetItem(item, [7, 0, 0, 0, 3]).payout).toBe(2_100);
  });

  it('a push refunds the stake, a loss pays nothing', () => {
    const big = play('marksix', 'ms.special.big');
    const stake = minor(12_345);
    expect(settleBetItem({ play: big, odds: big.odds, stake }, [1, 2, 3, 4, 5, 6, 49])).toEqual({
      result: 'push',
      payout: 12_345,
    });
    expect(settleBetItem({ play: big, odds: big.odds, stake }, [1, 2, 3, 4, 5, 6, 7])).toEqual({
      result: 'lose',
      payout: 0,
    });
    expect(settleBetItem({ play: dragon, odds: dragon.odds, stake }, [5, 0, 0, 0, 5])).toEqual({
      result: 'lose',
      payout: 0,
    });
  });

  it('is exact for large stakes', () => {
    const stake = minor(Number.MAX_SAFE_INTEGER);
    const item = { play: dragon, odds: oddsBps(10_000), stake };
    expect(settleBetItem(item, [7, 0, 0, 0, 3]).payout).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('payout never exceeds stake × odds and a win never pays less than the stake', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 10_000, max: 10_000_000 }), (s, o) => {
        const { payout } = settleBetItem({ play: dragon, odds: o as OddsBps, stake: minor(s) }, [9, 0, 0, 0, 0]);
        expect(BigInt(payout) * 10_000n).toBeLessThanOrEqual(BigInt(s) * BigInt(o));
        expect(BigInt(payout + 1) * 10_000n).toBeGreaterThan(BigInt(s) * BigInt(o));
        expect(payout).toBeGreaterThanOrEqual(s);
      }),
    );
  });
});

describe('settlePlay', () => {
  it('refuses a result that is not of the play’s family', () => {
    expect(() => settlePlay(play('pk10', 'pk10.pos1.num1'), [3, 6, 2])).toThrow(PlayError);
    expect(() => settlePlay(play('k3', 'k3.big'), [0, 6, 2])).toThrow(PlayError);
    expect(() => settlePlay(play('marksix', 'ms.special.num.1'), [1, 1, 2, 3, 4, 5, 6])).toThrow(PlayError);
  });

  it('dispatches to each family', () => {
    expect(settlePlay(play('pk10', 'pk10.pos1.num4'), [4, 6, 9, 8, 1, 3, 7, 2, 10, 5])).toBe('win');
    expect(settlePlay(play('k3', 'k3.sum.11'), [3, 6, 2])).toBe('win');
    expect(settlePlay(play('ssc', 'ssc.pos5.num3'), [2, 0, 8, 2, 3])).toBe('win');
    expect(settlePlay(play('lucky28', 'l28.sum.15'), [1, 8, 6])).toBe('win');
    expect(settlePlay(play('marksix', 'ms.special.num.21'), [18, 4, 35, 27, 10, 23, 21])).toBe('win');
  });
});
