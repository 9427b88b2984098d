import { describe, expect, it } from 'vitest';
import { K3_PLAYS, settleK3, type K3Play } from './k3.ts';

function play(code: string): K3Play {
  const found = K3_PLAYS.find((p) => p.code === code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
}
const settle = (code: string, dice: number[]) => settleK3(play(code), dice);

describe('K3 plays', () => {
  it('lists the plays with their published default odds', () => {
    expect(K3_PLAYS).toHaveLength(14 + 4 + 7 + 6 + 15 + 20 + 1 + 6);
    expect(new Set(K3_PLAYS.map((p) => p.code)).size).toBe(K3_PLAYS.length);
    const sums = [4, 5, 6, 7, 8, 9, 10].map((s) => play(`k3.sum.${s}`).odds);
    expect(sums).toEqual([648_000, 324_000, 194_500, 129_500, 92_500, 78_000, 72_000]);
    expect([17, 16, 15, 14, 13, 12, 11].map((s) => play(`k3.sum.${s}`).odds)).toEqual(sums);
    expect(play('k3.triple.6').odds).toBe(1_950_000);
    expect(play('k3.triple.any').odds).toBe(320_000);
    expect(play('k3.pair.2').odds).toBe(122_000);
    expect(play('k3.two.1-6').odds).toBe(65_000);
    expect(play('k3.three.2-4-6').odds).toBe(325_000);
    expect(play('k3.straight.any').odds).toBe(81_000);
    expect(play('k3.single.3').odds).toBe(21_500);
  });

  it('sells totals 3 and 18 only as the specific triples', () => {
    expect(K3_PLAYS.some((p) => p.code === 'k3.sum.3' || p.code === 'k3.sum.18')).toBe(false);
    expect(settle('k3.triple.1', [1, 1, 1])).toBe('win');
    expect(settle('k3.triple.6', [6, 6, 6])).toBe('win');
  });

  it('totals', () => {
    expect(settle('k3.sum.10', [3, 6, 1])).toBe('win');
    expect(settle('k3.sum.4', [1, 1, 2])).toBe('win');
    expect(settle('k3.sum.17', [6, 5, 6])).toBe('win');
    expect(settle('k3.sum.11', [3, 6, 1])).toBe('lose');
    expect(settle('k3.sum.12', [4, 4, 4])).toBe('win'); // a total play does not care about triples
  });

  it('big / small and odd / even lose on any triple', () => {
    expect(settle('k3.big', [3, 6, 2])).toBe('win'); // 11
    expect(settle('k3.small', [3, 6, 1])).toBe('win'); // 10
    expect(settle('k3.odd', [3, 6, 2])).toBe('win');
    expect(settle('k3.even', [3, 6, 1])).toBe('win');
    for (let face = 1; face <= 6; face += 1) {
      for (const side of ['big', 'small', 'odd', 'even']) expect(settle(`k3.${side}`, [face, face, face])).toBe('lose');
    }
    expect(settle('k3.big', [5, 5, 6])).toBe('win'); // a pair is not a triple
  });

  it('triples', () => {
    expect(settle('k3.triple.any', [2, 2, 2])).toBe('win');
    expect(settle('k3.triple.any', [2, 2, 3])).toBe('lose');
    expect(settle('k3.triple.2', [2, 2, 2])).toBe('win');
    expect(settle('k3.triple.3', [2, 2, 2])).toBe('lose');
  });

  it('pair: at least two dice show x (a triple counts)', () => {
    expect(settle('k3.pair.5', [5, 1, 5])).toBe('win');
    expect(settle('k3.pair.5', [5, 5, 5])).toBe('win');
    expect(settle('k3.pair.5', [5, 1, 2])).toBe('lose');
  });

  it('two different numbers: both appear', () => {
    expect(settle('k3.two.1-2', [2, 6, 1])).toBe('win');
    expect(settle('k3.two.1-2', [1, 1, 2])).toBe('win');
    expect(settle('k3.two.1-2', [1, 1, 1])).toBe('lose');
  });

  it('three different numbers: exactly these three', () => {
    expect(settle('k3.three.1-3-5', [5, 1, 3])).toBe('win');
    expect(settle('k3.three.1-3-5', [5, 1, 1])).toBe('lose');
  });

  it('any straight', () => {
    for (const dice of [
      [1, 2, 3],
      [3, 2, 4],
      [5, 3, 4],
      [6, 4, 5],
    ])
      expect(settle('k3.straight.any', dice)).toBe('win');
    for (const dice of [
      [1, 2, 4],
      [5, 6, 1],
      [2, 2, 3],
      [6, 6, 6],
    ])
      expect(settle('k3.straight.any', dice)).toBe('lose');
  });

  it('single number: appears at least once, paid once', () => {
    expect(settle('k3.single.4', [4, 4, 4])).toBe('win');
    expect(settle('k3.single.4', [1, 4, 6])).toBe('win');
    expect(settle('k3.single.4', [1, 5, 6])).toBe('lose');
  });
});
