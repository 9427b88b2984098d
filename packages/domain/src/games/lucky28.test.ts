import { describe, expect, it } from 'vitest';
import { LUCKY28_PLAYS, lucky28Sum, settleLucky28, type Lucky28Play } from './lucky28.ts';

function play(code: string): Lucky28Play {
  const found = LUCKY28_PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
}
const settle = (code: string, digits: number[]) => settleLucky28(play(code), digits);

describe('Lucky 28 plays', () => {
  it('lists the plays with their published default odds', () => {
    expect(LUCKY28_PLAYS).toHaveLength(28 + 4 + 4 + 2 + 3);
    expect(new Set(LUCKY28_PLAYS.map((p) => p.code)).size).toBe(LUCKY28_PLAYS.length);
    const low = [950, 316.6, 158.3, 95, 63.3, 45.2, 33.9, 26.3, 21.1, 17.2, 15.0, 13.7, 13.0, 12.6];
    for (let s = 0; s <= 13; s += 1) {
      expect(play(`l28.sum.${s}`).odds).toBe(Math.round(low[s]! * 10_000));
      expect(play(`l28.sum.${27 - s}`).odds).toBe(play(`l28.sum.${s}`).odds);
    }
    expect(play('l28.big-odd').odds).toBe(42_000);
    expect(play('l28.big-even').odds).toBe(36_000);
    expect(play('l28.extreme-big').odds).toBe(170_000);
    expect(play('l28.leopard').odds).toBe(900_000);
    expect(play('l28.pair').odds).toBe(35_000);
    expect(play('l28.straight').odds).toBe(190_000);
  });

  it('sum, big (14..27) / small (0..13), odd / even and their combinations', () => {
    expect(lucky28Sum([1, 8, 6])).toBe(15);
    expect(settle('l28.sum.15', [1, 8, 6])).toBe('win');
    expect(settle('l28.big', [1, 8, 6])).toBe('win');
    expect(settle('l28.odd', [1, 8, 6])).toBe('win');
    expect(settle('l28.big-odd', [1, 8, 6])).toBe('win');
    expect(settle('l28.big-even', [1, 8, 6])).toBe('lose');
    expect(settle('l28.small', [4, 4, 5])).toBe('win'); // 13
    expect(settle('l28.small-odd', [4, 4, 5])).toBe('win');
    expect(settle('l28.big', [4, 4, 5])).toBe('lose');
    expect(settle('l28.big-even', [4, 5, 5])).toBe('win'); // 14
    expect(settle('l28.small-even', [0, 0, 0])).toBe('win');
  });

  it('extremes: 0..5 and 22..27', () => {
    expect(settle('l28.extreme-small', [1, 2, 2])).toBe('win');
    expect(settle('l28.extreme-small', [1, 2, 3])).toBe('lose');
    expect(settle('l28.extreme-big', [9, 9, 4])).toBe('win');
    expect(settle('l28.extreme-big', [9, 9, 3])).toBe('lose');
  });

  it('patterns: leopard, pair (exactly two), straight without wrap', () => {
    expect(settle('l28.leopard', [7, 7, 7])).toBe('win');
    expect(settle('l28.pair', [7, 7, 7])).toBe('lose');
    expect(settle('l28.pair', [7, 2, 7])).toBe('win');
    expect(settle('l28.straight', [3, 1, 2])).toBe('win');
    expect(settle('l28.straight', [9, 7, 8])).toBe('win');
    expect(settle('l28.straight', [8, 9, 0])).toBe('lose');
    expect(settle('l28.straight', [9, 0, 1])).toBe('lose');
  });
});
