import { describe, expect, it } from 'vitest';
import { settleSsc, SSC_PLAYS, sscPattern, type SscPlay } from './ssc.ts';

function play(code: string): SscPlay {
  const found = SSC_PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
}
const settle = (code: string, digits: number[]) => settleSsc(play(code), digits);

describe('instant lottery plays', () => {
  it('lists the plays with their published default odds', () => {
    expect(SSC_PLAYS).toHaveLength(50 + 20 + 4 + 3 + 15);
    expect(new Set(SSC_PLAYS.map((p) => p.code)).size).toBe(SSC_PLAYS.length);
    expect(play('ssc.pos1.num0').odds).toBe(98_000);
    expect(play('ssc.total.big').odds).toBe(19_800);
    expect(play('ssc.dragon').odds).toBe(22_000);
    expect(play('ssc.tie').odds).toBe(94_000);
    expect(['leopard', 'straight', 'pair', 'half-straight', 'mixed'].map((p) => play(`ssc.middle.${p}`).odds)).toEqual([
      900_000, 150_000, 34_000, 25_500, 30_500,
    ]);
    expect(play('ssc.front.leopard').group).toBe('front-three');
  });

  it('positions', () => {
    const d = [2, 0, 8, 2, 3];
    expect(settle('ssc.pos1.num2', d)).toBe('win');
    expect(settle('ssc.pos2.num0', d)).toBe('win');
    expect(settle('ssc.pos2.num2', d)).toBe('lose');
    expect(settle('ssc.pos3.big', d)).toBe('win');
    expect(settle('ssc.pos3.even', d)).toBe('win');
    expect(settle('ssc.pos5.small', d)).toBe('win'); // 3
    expect(settle('ssc.pos5.odd', d)).toBe('win');
    expect(settle('ssc.pos1.small', [4, 0, 0, 0, 0])).toBe('win');
    expect(settle('ssc.pos1.big', [5, 0, 0, 0, 0])).toBe('win');
  });

  it('total big ≥ 23, small ≤ 22', () => {
    expect(settle('ssc.total.small', [2, 0, 8, 2, 3])).toBe('win'); // 15
    expect(settle('ssc.total.odd', [2, 0, 8, 2, 3])).toBe('win');
    expect(settle('ssc.total.small', [9, 9, 4, 0, 0])).toBe('win'); // 22
    expect(settle('ssc.total.big', [9, 9, 5, 0, 0])).toBe('win'); // 23
    expect(settle('ssc.total.even', [9, 9, 5, 0, 0])).toBe('lose');
  });

  it('dragon / tiger: a tie loses both; tie is its own play', () => {
    expect(settle('ssc.dragon', [7, 0, 0, 0, 3])).toBe('win');
    expect(settle('ssc.tiger', [7, 0, 0, 0, 3])).toBe('lose');
    expect(settle('ssc.tiger', [2, 0, 8, 2, 3])).toBe('win');
    const tie = [5, 1, 2, 3, 5];
    expect(settle('ssc.dragon', tie)).toBe('lose');
    expect(settle('ssc.tiger', tie)).toBe('lose');
    expect(settle('ssc.tie', tie)).toBe('win');
    expect(settle('ssc.tie', [2, 0, 8, 2, 3])).toBe('lose');
  });

  it('three-digit patterns in order leopard → straight → pair → half-straight → mixed', () => {
    expect(sscPattern(4, 4, 4)).toBe('leopard');
    expect(sscPattern(3, 5, 4)).toBe('straight');
    expect(sscPattern(0, 1, 2)).toBe('straight');
    expect(sscPattern(8, 9, 0)).toBe('straight');
    expect(sscPattern(9, 0, 1)).toBe('straight');
    expect(sscPattern(0, 9, 8)).toBe('straight');
    expect(sscPattern(7, 8, 0)).toBe('half-straight');
    expect(sscPattern(4, 4, 5)).toBe('pair'); // a pair beats half-straight
    expect(sscPattern(9, 9, 0)).toBe('pair');
    expect(sscPattern(9, 0, 5)).toBe('half-straight'); // 9-0 adjacent
    expect(sscPattern(1, 5, 2)).toBe('half-straight');
    expect(sscPattern(1, 3, 5)).toBe('mixed');
    expect(sscPattern(0, 2, 8)).toBe('mixed');
  });

  it('front, middle and back are positions 1-3, 2-4, 3-5', () => {
    const d = [2, 0, 8, 2, 3]; // front 2-0-8 mixed, middle 0-8-2 mixed, back 8-2-3 half-straight
    expect(settle('ssc.front.mixed', d)).toBe('win');
    expect(settle('ssc.middle.mixed', d)).toBe('win');
    expect(settle('ssc.back.half-straight', d)).toBe('win');
    expect(settle('ssc.back.mixed', d)).toBe('lose');
    const e = [9, 0, 1, 1, 1]; // front straight (wrap), middle 0-1-1 pair, back leopard
    expect(settle('ssc.front.straight', e)).toBe('win');
    expect(settle('ssc.middle.pair', e)).toBe('win');
    expect(settle('ssc.back.leopard', e)).toBe('win');
    expect(settle('ssc.back.pair', e)).toBe('lose');
  });
});
