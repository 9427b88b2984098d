import { describe, expect, it } from 'vitest';
import { PK10_PLAYS, settlePk10, type Pk10Play } from './pk10.ts';

function play(code: string): Pk10Play {
  const found = PK10_PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
}
const settle = (code: string, outcome: number[]) => settlePk10(play(code), outcome);

// Champion 4, runner-up 6 (sum 10), … the first test vector.
const ORDER = [4, 6, 9, 8, 1, 3, 7, 2, 10, 5];
/** An order with the given champion and runner-up; the rest ascending. */
const top2 = (a: number, b: number) => [a, b, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((c) => c !== a && c !== b)];

describe('PK10 plays', () => {
  it('lists 171 plays with unique codes and the published default odds', () => {
    expect(PK10_PLAYS).toHaveLength(100 + 40 + 10 + 17 + 4);
    expect(new Set(PK10_PLAYS.map((p) => p.code)).size).toBe(PK10_PLAYS.length);
    expect(play('pk10.pos3.num7').odds).toBe(98_000);
    expect(play('pk10.pos3.num7').group).toBe('position-3');
    expect(play('pk10.pos1.big').odds).toBe(19_800);
    expect(play('pk10.dt1.dragon').group).toBe('dragon-tiger');
    expect([3, 4, 18, 19].map((s) => play(`pk10.sum.${s}`).odds)).toEqual([425_000, 425_000, 425_000, 425_000]);
    expect([5, 7, 9, 11].map((s) => play(`pk10.sum.${s}`).odds)).toEqual([213_000, 142_000, 106_000, 85_000]);
    expect(['big', 'small', 'odd', 'even'].map((s) => play(`pk10.sum.${s}`).odds)).toEqual([
      22_000, 17_800, 17_800, 22_000,
    ]);
    expect(PK10_PLAYS.some((p) => p.code === 'pk10.sum.2' || p.code === 'pk10.sum.20')).toBe(false);
  });

  it('position number: that car in that position', () => {
    expect(settle('pk10.pos1.num4', ORDER)).toBe('win');
    expect(settle('pk10.pos3.num9', ORDER)).toBe('win');
    expect(settle('pk10.pos10.num5', ORDER)).toBe('win');
    expect(settle('pk10.pos3.num7', ORDER)).toBe('lose');
    expect(settle('pk10.pos2.num4', ORDER)).toBe('lose');
  });

  it('position big (6..10) / small (1..5), odd / even', () => {
    expect(settle('pk10.pos1.small', ORDER)).toBe('win'); // car 4
    expect(settle('pk10.pos1.big', ORDER)).toBe('lose');
    expect(settle('pk10.pos1.even', ORDER)).toBe('win');
    expect(settle('pk10.pos2.big', ORDER)).toBe('win'); // car 6
    expect(settle('pk10.pos9.big', ORDER)).toBe('win'); // car 10
    expect(settle('pk10.pos10.small', ORDER)).toBe('win'); // car 5
    expect(settle('pk10.pos10.odd', ORDER)).toBe('win');
    expect(settle('pk10.pos5.odd', ORDER)).toBe('win'); // car 1
    expect(settle('pk10.pos5.even', ORDER)).toBe('lose');
  });

  it('dragon / tiger compare positions N and 11 − N', () => {
    expect(settle('pk10.dt1.tiger', ORDER)).toBe('win'); // 4 vs 5
    expect(settle('pk10.dt1.dragon', ORDER)).toBe('lose');
    expect(settle('pk10.dt2.tiger', ORDER)).toBe('win'); // 6 vs 10
    expect(settle('pk10.dt3.dragon', ORDER)).toBe('win'); // 9 vs 2
    expect(settle('pk10.dt4.dragon', ORDER)).toBe('win'); // 8 vs 7
    expect(settle('pk10.dt5.tiger', ORDER)).toBe('win'); // 1 vs 3
  });

  it('sum of champion and runner-up, 11 is small and odd', () => {
    expect(settle('pk10.sum.10', ORDER)).toBe('win');
    expect(settle('pk10.sum.11', ORDER)).toBe('lose');
    expect(settle('pk10.sum.3', top2(1, 2))).toBe('win');
    expect(settle('pk10.sum.19', top2(10, 9))).toBe('win');
    const eleven = top2(5, 6);
    expect(settle('pk10.sum.11', eleven)).toBe('win');
    expect(settle('pk10.sum.small', eleven)).toBe('win');
    expect(settle('pk10.sum.big', eleven)).toBe('lose');
    expect(settle('pk10.sum.odd', eleven)).toBe('win');
    expect(settle('pk10.sum.even', eleven)).toBe('lose');
    const twelve = top2(3, 9);
    expect(settle('pk10.sum.big', twelve)).toBe('win');
    expect(settle('pk10.sum.small', twelve)).toBe('lose');
    expect(settle('pk10.sum.even', twelve)).toBe('win');
  });
});
