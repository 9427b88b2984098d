import { describe, expect, it } from 'vitest';
import { findGame, findPlay, GAMES, playsOf } from './catalog.ts';
import { GAME_FAMILIES } from './outcome.ts';
import { PlayError } from './play.ts';

describe('the seven games', () => {
  it('are the published seven, with their default cycle and seal times', () => {
    expect(GAMES.map((g) => [g.code, g.family, g.cycleSeconds, g.sealSeconds])).toEqual([
      ['df_pk10', 'pk10', 600, 60],
      ['df_pk10_3', 'pk10', 180, 30],
      ['df_pk10_5', 'pk10', 300, 30],
      ['df_k3', 'k3', 60, 10],
      ['xam_6', 'marksix', 86_400, 900],
      ['xy_28', 'lucky28', 210, 30],
      ['df_ssc', 'ssc', 60, 10],
    ]);
    expect(findGame('xam_6')?.dailyAt).toBe('21:30');
    expect(findGame('df_k3')?.route).toBe('/kuaisan');
    expect(findGame('nope')).toBeUndefined();
  });
});

describe('playsOf / findPlay', () => {
  it('lists every family; every play has a unique code under its family prefix, a group, names and odds', () => {
    const prefix = { pk10: 'pk10.', k3: 'k3.', ssc: 'ssc.', lucky28: 'l28.', marksix: 'ms.' } as const;
    for (const family of GAME_FAMILIES) {
      const plays = playsOf(family, '2026-11-22');
      expect(plays.length).toBeGreaterThan(0);
      for (const play of plays) {
        expect(play.family).toBe(family);
        expect(play.code.startsWith(prefix[family])).toBe(true);
        expect(play.group).toMatch(/^[a-z0-9-]+$/);
        expect(play.name.length).toBeGreaterThan(0);
        expect(play.nameKey).toMatch(/^play\./);
        expect(play.odds).toBeGreaterThan(10_000);
        expect(findPlay(family, play.code, '2026-11-22')).toStrictEqual(play);
      }
    }
  });

  it('needs the draw date for Mark Six only', () => {
    expect(() => playsOf('marksix')).toThrow(PlayError);
    expect(playsOf('k3')).toBe(playsOf('k3', '2030-01-01'));
  });

  it('resolves Mark Six all-in codes and nothing that is not sold', () => {
    expect(findPlay('marksix', 'ms.all2.3-17')?.rule).toEqual({ kind: 'all-in', numbers: [3, 17] });
    expect(findPlay('marksix', 'ms.all3.1-2-49')?.odds).toBe(8_300_000);
    expect(findPlay('marksix', 'ms.all2.17-3')).toBeUndefined(); // not canonical
    expect(findPlay('marksix', 'ms.all2.3-3')).toBeUndefined();
    expect(findPlay('marksix', 'ms.all2.1-2-3')).toBeUndefined();
    expect(findPlay('marksix', 'ms.all2.03-17')).toBeUndefined();
    expect(findPlay('marksix', 'ms.all3.1-2-50')).toBeUndefined();
    expect(findPlay('k3', 'k3.sum.3')).toBeUndefined();
    expect(findPlay('pk10', 'k3.big')).toBeUndefined();
  });
});
