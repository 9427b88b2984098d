import { describe, expect, it } from 'vitest';
import { GAME_CODES } from '@fairdraw/contract';
import { isGameRoute } from './paths.ts';
import { GAME_ROUTE, gameHref, gameLabel } from './games.ts';

const t = (key: string) => `T(${key})`;

describe('game tile label', () => {
  it('translates the seven known codes', () => {
    for (const code of GAME_CODES) expect(gameLabel({ code, name: 'ignored' }, t)).toBe(`T(game.${code})`);
  });
  it("uses the game's own name for any other code", () => {
    expect(gameLabel({ code: 'new_game', name: 'New game' }, t)).toBe('New game');
    expect(gameLabel({ code: 'toString', name: 'Proto' }, t)).toBe('Proto');
  });
});

describe('game tile route', () => {
  it.each([
    ['df_pk10', '/pkShi'],
    ['df_pk10_3', '/pkShi'],
    ['df_pk10_5', '/pkShi'],
    ['df_k3', '/kuaisan'],
    ['xam_6', '/aoLiu'],
    ['xy_28', '/xingyun'],
    ['df_ssc', '/shiShiCai'],
  ])('%s → %s with type and category_id (the game id)', (code, route) => {
    expect(gameHref({ code, id: 7 })).toBe(`${route}?type=${code}&category_id=7`);
  });
  it("opens only game routes of the route table (lib/paths.ts, in the spec's spelling)", () => {
    for (const route of Object.values(GAME_ROUTE)) expect(isGameRoute(route), route).toBe(true);
  });
  it('has no route for unknown codes', () => {
    expect(gameHref({ code: 'other', id: 1 })).toBeNull();
    expect(gameHref({ code: 'constructor', id: 1 })).toBeNull();
  });
});
