import { describe, expect, it } from 'vitest';
import { LONG_DRAGON_MIN, longDragons } from './long-dragon.ts';

const times = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

describe('longDragons', () => {
  it('lists streaks of five or more, longest first, equal lengths in game then road order', () => {
    // Lucky 28: sums 15 (big, odd) six times in a row, then 2 (small, even).
    const lucky = [...times(6, [9, 5, 1]), [1, 1, 0]];
    // K3: seven rolls of 6-5-1 (12: big, even), then 1-2-4 (7: small, odd).
    const k3 = [...times(7, [6, 5, 1]), [1, 2, 4]];
    // Mark Six: four small specials only: below the minimum.
    const marksix = times(4, [1, 2, 3, 4, 5, 6, 7]);
    const list = longDragons([
      { game: 'xy_28', family: 'lucky28', newestFirst: lucky },
      { game: 'xam_6', family: 'marksix', newestFirst: marksix },
      { game: 'df_k3', family: 'k3', newestFirst: k3 },
    ]);
    expect(list).toEqual([
      {
        game: 'df_k3',
        road: 'sum.big-small',
        subject: 'sum',
        kind: 'big-small',
        side: 'big',
        length: 7,
        play: 'k3.big',
      },
      {
        game: 'df_k3',
        road: 'sum.odd-even',
        subject: 'sum',
        kind: 'odd-even',
        side: 'even',
        length: 7,
        play: 'k3.even',
      },
      {
        game: 'xy_28',
        road: 'sum.big-small',
        subject: 'sum',
        kind: 'big-small',
        side: 'big',
        length: 6,
        play: 'l28.big',
      },
      {
        game: 'xy_28',
        road: 'sum.odd-even',
        subject: 'sum',
        kind: 'odd-even',
        side: 'odd',
        length: 6,
        play: 'l28.odd',
      },
    ]);
  });

  it('a streak of exactly the minimum is listed, one shorter is not', () => {
    const at = (n: number) =>
      longDragons([{ game: 1, family: 'lucky28', newestFirst: [...times(n, [9, 5, 1]), [1, 1, 0]] }]);
    expect(at(LONG_DRAGON_MIN).map((d) => d.length)).toEqual([5, 5]);
    expect(at(LONG_DRAGON_MIN - 1)).toEqual([]);
    expect(longDragons([{ game: 1, family: 'ssc', newestFirst: [] }])).toEqual([]);
  });
});
