import { describe, expect, it } from 'vitest';
import {
  familyOf,
  formatCountdown,
  k3Summary,
  lineReturn,
  lucky28Summary,
  phaseAt,
  pk10Summary,
  slipTotals,
  sscSummary,
  waveOf,
} from './derive.ts';

describe('countdown', () => {
  it('shows mm:ss, rounding up, and h:mm:ss from an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('1:01:01');
  });

  it('follows the period: waiting, open, sealed, drawing', () => {
    const p = { issue: '20261122-0001', status: 'open', open_at: 1000, seal_at: 5000, draw_at: 6000 };
    expect(phaseAt(p, 500)).toEqual({ kind: 'waiting', ms: 500 });
    expect(phaseAt(p, 1000)).toEqual({ kind: 'open', ms: 4000 });
    expect(phaseAt(p, 5000)).toEqual({ kind: 'sealed', ms: 1000 });
    expect(phaseAt({ ...p, status: 'sealed' }, 4000)).toEqual({ kind: 'sealed', ms: 2000 });
    expect(phaseAt(p, 6000)).toEqual({ kind: 'drawing' });
    expect(phaseAt({ ...p, issue: null }, 0)).toEqual({ kind: 'none' });
  });
});

describe('possible return in minor units', () => {
  it('pays floor(stake × odds / 10000) per line and adds them up', () => {
    expect(lineReturn(1000, 19_800)).toBe(1980);
    expect(lineReturn(333, 19_800)).toBe(659); // 659.34 → 659
    expect(slipTotals([])).toEqual({ total: 0, ret: 0 });
    expect(
      slipTotals([
        { amount: 1000, odds_bps: 19_800 },
        { amount: 5000, odds_bps: 98_000 },
      ]),
    ).toEqual({ total: 6000, ret: 1980 + 49_000 });
  });

  it('stays exact beyond 2^53', () => {
    expect(lineReturn(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('result derivations', () => {
  it('k3: sum, big/small, odd/even, triples flagged', () => {
    expect(k3Summary([3, 6, 2])).toEqual({ sum: 11, triple: false, size: 'big', parity: 'odd' });
    expect(k3Summary([1, 2, 1])).toEqual({ sum: 4, triple: false, size: 'small', parity: 'even' });
    expect(k3Summary([4, 4, 4]).triple).toBe(true);
  });

  it('pk10: champion + runner-up, 11 small and odd', () => {
    expect(pk10Summary([4, 6, 9, 8, 1, 3, 7, 2, 10, 5])).toEqual({ sum: 10, size: 'small', parity: 'even' });
    expect(pk10Summary([9, 10, 8])).toEqual({ sum: 19, size: 'big', parity: 'odd' });
    expect(pk10Summary([5, 6]).size).toBe('small');
    expect(pk10Summary([5, 7]).size).toBe('big');
  });

  it('ssc: total and dragon/tiger/tie', () => {
    expect(sscSummary([2, 0, 8, 2, 3])).toEqual({ sum: 15, size: 'small', parity: 'odd', dt: 'tiger' });
    expect(sscSummary([9, 9, 9, 0, 1]).dt).toBe('dragon');
    expect(sscSummary([5, 5, 5, 3, 5])).toEqual({ sum: 23, size: 'big', parity: 'odd', dt: 'tie' });
  });

  it('lucky28 and Mark Six colours', () => {
    expect(lucky28Summary([1, 8, 6])).toEqual({ sum: 15, size: 'big', parity: 'odd' });
    expect(lucky28Summary([4, 4, 5]).size).toBe('small');
    expect([1, 3, 5, 49, 48, 46].map(waveOf)).toEqual(['red', 'blue', 'green', 'green', 'blue', 'red']);
  });

  it('finds the family by code, else by route', () => {
    expect(familyOf('df_pk10_3', '/pkShi')).toBe('pk10');
    expect(familyOf(null, '/xingYun/')).toBe('lucky28');
    expect(familyOf('zz', '/nope')).toBeNull();
  });
});
