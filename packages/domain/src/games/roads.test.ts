import { describe, expect, it } from 'vitest';
import { findPlay } from './catalog.ts';
import { roads, roadsOf, roadSide } from './roads.ts';
import { settlePlay } from '../settlement.ts';

const road = (family: Parameters<typeof roads>[0], results: number[][], key: string) => {
  const found = roads(family, results).find((r) => r.key === key);
  if (!found) throw new Error(`no road ${key}`);
  return found;
};

describe('roads', () => {
  it('PK10: a position is big from car 6, a dragon when it beats position 11 − N; the sum is small at 11', () => {
    const newestFirst = [
      [4, 6, 9, 8, 1, 3, 7, 2, 10, 5], // pos1 4: small, even; 4 < 5: tiger; sum 10: small, even
      [9, 2, 1, 4, 10, 5, 7, 8, 3, 6], // pos1 9: big, odd; 9 > 6: dragon; sum 11: small, odd
      [7, 5, 1, 2, 3, 4, 6, 8, 9, 10], // pos1 7: big, odd; 7 < 10: tiger; sum 12: big, even
    ];
    expect(road('pk10', newestFirst, 'pos1.big-small').sides).toEqual(['big', 'big', 'small']);
    expect(road('pk10', newestFirst, 'pos1.odd-even').sides).toEqual(['odd', 'odd', 'even']);
    expect(road('pk10', newestFirst, 'pos1.dragon-tiger').sides).toEqual(['tiger', 'dragon', 'tiger']);
    expect(road('pk10', newestFirst, 'sum.big-small').sides).toEqual(['big', 'small', 'small']);
    expect(road('pk10', newestFirst, 'sum.odd-even').sides).toEqual(['even', 'odd', 'even']);
    expect(road('pk10', newestFirst, 'sum.big-small').streak).toEqual({
      side: 'small',
      length: 2,
      play: 'pk10.sum.small',
    });
    expect(road('pk10', newestFirst, 'pos1.dragon-tiger').streak).toEqual({
      side: 'tiger',
      length: 1,
      play: 'pk10.dt1.tiger',
    });
    expect(roadsOf('pk10')).toHaveLength(10 * 2 + 5 + 2);
    expect(roadsOf('pk10').some((r) => r.key === 'pos6.dragon-tiger')).toBe(false);
  });

  it('SSC: digits big from 5, total big from 23, dragon/tiger of digits 1 and 5 with a tie', () => {
    const newestFirst = [
      [2, 0, 8, 2, 3], // total 15: small, odd; 2 < 3 tiger
      [5, 9, 9, 0, 5], // total 28: big, even; tie
      [5, 9, 9, 0, 4], // total 27: big, odd; dragon
    ];
    expect(road('ssc', newestFirst, 'pos1.big-small').sides).toEqual(['big', 'big', 'small']);
    expect(road('ssc', newestFirst, 'total.big-small').sides).toEqual(['big', 'big', 'small']);
    expect(road('ssc', newestFirst, 'total.odd-even').sides).toEqual(['odd', 'even', 'odd']);
    expect(road('ssc', newestFirst, 'total.dragon-tiger').sides).toEqual(['dragon', 'tie', 'tiger']);
    const ties = road(
      'ssc',
      [
        [1, 2, 3, 4, 1],
        [0, 0, 0, 0, 0],
      ],
      'total.dragon-tiger',
    );
    expect(ties.streak).toEqual({ side: 'tie', length: 2, play: 'ssc.tie' });
  });

  it('K3: a triple is neither big nor small, odd nor even, and breaks a streak', () => {
    const newestFirst = [
      [6, 5, 1], // 12 big even
      [2, 2, 2], // triple
      [6, 6, 5], // 17 big odd
      [4, 5, 6], // 15 big odd
    ];
    const bigSmall = road('k3', newestFirst, 'sum.big-small');
    expect(bigSmall.sides).toEqual(['big', 'big', 'triple', 'big']);
    expect(bigSmall.streak).toEqual({ side: 'big', length: 1, play: 'k3.big' });
    expect(road('k3', newestFirst, 'sum.odd-even').sides).toEqual(['odd', 'odd', 'triple', 'even']);
    expect(
      road(
        'k3',
        [
          [3, 3, 3],
          [1, 1, 1],
        ],
        'sum.odd-even',
      ).streak,
    ).toEqual({
      side: 'triple',
      length: 2,
      play: 'k3.triple.any',
    });
  });

  it('Lucky 28: the sum is big from 14', () => {
    const newestFirst = [
      [1, 8, 6], // 15
      [9, 4, 0], // 13
      [5, 5, 4], // 14
    ];
    expect(road('lucky28', newestFirst, 'sum.big-small').sides).toEqual(['big', 'small', 'big']);
    expect(road('lucky28', newestFirst, 'sum.odd-even').sides).toEqual(['even', 'odd', 'odd']);
  });

  it('Mark Six: the special number decides, big from 25, and 49 is a push on both roads', () => {
    const newestFirst = [
      [1, 2, 3, 4, 5, 6, 25],
      [1, 2, 3, 4, 5, 6, 49],
      [1, 2, 3, 4, 5, 6, 24],
    ];
    expect(road('marksix', newestFirst, 'special.big-small').sides).toEqual(['small', 'push', 'big']);
    expect(road('marksix', newestFirst, 'special.odd-even').sides).toEqual(['even', 'push', 'odd']);
    expect(road('marksix', [[1, 2, 3, 4, 5, 6, 49]], 'special.big-small').streak).toEqual({
      side: 'push',
      length: 1,
      play: null,
    });
  });

  it('a streak counts the latest side back to the first change; none without a period', () => {
    const newestFirst = [5, 6, 7, 8, 9, 1].map((d) => [d, 0, 0, 0, 0]);
    expect(road('ssc', newestFirst, 'pos1.big-small').streak).toEqual({
      side: 'big',
      length: 5,
      play: 'ssc.pos1.big',
    });
    expect(road('ssc', [], 'pos1.big-small')).toEqual({
      key: 'pos1.big-small',
      subject: 'pos1',
      kind: 'big-small',
      sides: [],
      streak: null,
    });
  });

  it('each road side is the side whose play wins when settled (every K3 roll)', () => {
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          for (const def of roadsOf('k3')) {
            const side = roadSide('k3', def, [a, b, c]);
            const winner = def.sides.find((s) => settlePlay(findPlay('k3', s.play)!, [a, b, c]) === 'win');
            expect(side).toBe(winner?.side ?? 'triple');
          }
        }
  });
});
