import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, gameTile, historyItem, longDragonItem, paged, trend } from '@fairdraw/contract';
import type { HistoryItem, Trend } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';

// The trend and the long dragon, checked against a plain recomputation from the public history. Periods are
// committed as of a past instant and drawn at the app's clock (set, never waited for); each batch reaches 30 minutes
// ahead of its instant, so four batches give every one-minute game about 120 drawn periods.

let t: TestApp;
const ids: Record<string, number> = {};
let now = Date.UTC(2026, 10, 26, 5, 0, 0);

async function drawUntil(at: number) {
  now = at;
  t.app.setClock(() => new Date(now));
  await createUpcomingPeriods(t.app.db, new Date(now), t.app.drawsContext);
  await tick(t.app.db, new Date(now), t.app.drawsContext);
}

beforeAll(async () => {
  t = await buildTestApp({}, { now: new Date(now) });
  const res = await call(t.app, 'GET', '/api/game/games');
  for (const g of z.array(gameTile).parse(res.body.data)) ids[g.code] = g.id;
  const start = now;
  for (const minutes of [-120, -90, -60, -30]) {
    await createUpcomingPeriods(t.app.db, new Date(start + minutes * 60_000), t.app.drawsContext);
  }
  await drawUntil(start);
});
afterAll(async () => {
  t.app.setClock(undefined);
  await t.close();
});

async function getTrend(gameId: number, limit?: number): Promise<Trend> {
  const q = limit === undefined ? '' : `&limit=${limit}`;
  const res = await call(t.app, 'GET', `/api/game/trend?games_id=${gameId}${q}`);
  expect(res.status).toBe(200);
  return trend.strict().parse(res.body.data);
}

/** Every drawn period of a game, newest first, read page by page from the public history (50 a page). */
async function history(gameId: number, n: number): Promise<HistoryItem[]> {
  const all: HistoryItem[] = [];
  for (let page = 1; all.length < n; page++) {
    const res = await call(t.app, 'GET', `/api/game/history?games_id=${gameId}&page=${page}&limit=50`);
    const p = paged(historyItem).parse(res.body.data);
    all.push(...p.list);
    if (!p.has_more) break;
  }
  return all.slice(0, n);
}

// Plain rules, written out here (games.md), for what the trend must show.
const sum = (r: number[]) => r.reduce((a, b) => a + b, 0);
type Plain = { value: (r: number[]) => number; low: number; high: number };
const K3_POSITIONS: Record<string, Plain> = {
  pos1: { value: (r) => r[0]!, low: 1, high: 6 },
  pos2: { value: (r) => r[1]!, low: 1, high: 6 },
  pos3: { value: (r) => r[2]!, low: 1, high: 6 },
  sum: { value: sum, low: 3, high: 18 },
};
const SSC_POSITIONS: Record<string, Plain> = Object.fromEntries(
  [1, 2, 3, 4, 5].map((p) => [`pos${p}`, { value: (r: number[]) => r[p - 1]!, low: 0, high: 9 }]),
);
const triple = (r: number[]) => r[0] === r[1] && r[1] === r[2];
const K3_ROADS: Record<string, (r: number[]) => string> = {
  'sum.big-small': (r) => (triple(r) ? 'triple' : sum(r) >= 11 ? 'big' : 'small'),
  'sum.odd-even': (r) => (triple(r) ? 'triple' : sum(r) % 2 ? 'odd' : 'even'),
};
const SSC_ROADS: Record<string, (r: number[]) => string> = {
  ...Object.fromEntries(
    [1, 2, 3, 4, 5].flatMap((p): [string, (r: number[]) => string][] => [
      [`pos${p}.big-small`, (r) => (r[p - 1]! >= 5 ? 'big' : 'small')],
      [`pos${p}.odd-even`, (r) => (r[p - 1]! % 2 ? 'odd' : 'even')],
    ]),
  ),
  'total.big-small': (r) => (sum(r) >= 23 ? 'big' : 'small'),
  'total.odd-even': (r) => (sum(r) % 2 ? 'odd' : 'even'),
  'total.dragon-tiger': (r) => (r[0]! > r[4]! ? 'dragon' : r[0]! < r[4]! ? 'tiger' : 'tie'),
};

function expectTrendMatches(
  got: Trend,
  items: HistoryItem[],
  positions: Record<string, Plain>,
  roads: Record<string, (r: number[]) => string>,
) {
  const results = items.map((h) => h.result);
  expect(got.periods).toBe(items.length);
  expect(got.latest_issue).toBe(items[0]?.issue ?? null);
  expect(got.positions.map((p) => p.key)).toEqual(Object.keys(positions));
  for (const pos of got.positions) {
    const plain = positions[pos.key]!;
    const expected = [];
    for (let n = plain.low; n <= plain.high; n++) {
      const at = results.findIndex((r) => plain.value(r) === n);
      expected.push({
        number: n,
        count: results.filter((r) => plain.value(r) === n).length,
        missing: at === -1 ? results.length : at,
      });
    }
    expect(pos.numbers, pos.key).toEqual(expected);
    const maxCount = Math.max(...expected.map((e) => e.count));
    const minCount = Math.min(...expected.map((e) => e.count));
    expect(expected.find((e) => e.number === pos.hot[0])!.count).toBe(maxCount);
    expect(expected.find((e) => e.number === pos.cold[0])!.count).toBe(minCount);
  }
  expect(got.roads.map((r) => r.key)).toEqual(Object.keys(roads));
  for (const road of got.roads) {
    const sides = results.map(roads[road.key]!);
    expect(road.sides, road.key).toEqual([...sides].reverse());
    let length = 1;
    while (length < sides.length && sides[length] === sides[0]) length++;
    expect(road.streak, road.key).toMatchObject({ side: sides[0], length });
  }
}

describe('GET /api/game/trend', () => {
  it('K3 and SSC: counts, missing, hot/cold, roads and streaks equal a recomputation from the history', async () => {
    for (const [code, positions, roads] of [
      ['df_k3', K3_POSITIONS, K3_ROADS],
      ['df_ssc', SSC_POSITIONS, SSC_ROADS],
    ] as const) {
      const id = ids[code]!;
      const items = await history(id, 200);
      expect(items.length).toBeGreaterThan(100);
      for (const limit of [undefined, 1, 7, 100, 200]) {
        const got = await getTrend(id, limit);
        expect(got).toMatchObject({ games_id: id, code, limit: limit ?? 50 });
        expectTrendMatches(got, items.slice(0, limit ?? 50), positions, roads);
      }
    }
  });

  it('every family answers its positions; a game not drawn yet answers an empty window', async () => {
    const pk10 = await getTrend(ids.df_pk10_3!);
    expect(pk10.positions.map((p) => p.key)).toEqual(Array.from({ length: 10 }, (_, i) => `pos${i + 1}`));
    expect(pk10.roads).toHaveLength(27);
    const l28 = await getTrend(ids.xy_28!);
    expect(l28.positions.map((p) => p.key)).toEqual(['pos1', 'pos2', 'pos3', 'sum']);
    const ms = await getTrend(ids.xam_6!);
    expect(ms.positions.map((p) => p.key)).toEqual(['pos1', 'pos2', 'pos3', 'pos4', 'pos5', 'pos6', 'special']);
    expect(ms.positions[6]!.numbers).toHaveLength(49);
    const drawn = (await history(ids.xam_6!, 200)).length;
    expect(ms.periods).toBe(drawn);
    if (drawn === 0) {
      expect(ms.latest_issue).toBeNull();
      expect(ms.roads.every((r) => r.sides.length === 0 && r.streak === null)).toBe(true);
    }
  });

  it('refuses a limit outside 1..200 or not a whole number, an unknown game and a missing one, with a key', async () => {
    const k3 = ids.df_k3!;
    for (const limit of ['0', '201', '-1', '1.5', 'abc', '1e9']) {
      const res = await call(t.app, 'GET', `/api/game/trend?games_id=${k3}&limit=${limit}`, {
        headers: { lang: 'en' },
      });
      expect(res.status, limit).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(res.body.field).toBe('limit');
      expect(typeof res.body.msg).toBe('string');
    }
    const unknown = await call(t.app, 'GET', '/api/game/trend?games_id=99999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('NOT_FOUND');
    const missing = await call(t.app, 'GET', '/api/game/trend');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('REQUIRED_FIELDS');
    expect((await getTrend(k3, 200)).limit).toBe(200);
  });

  it('a new draw replaces the cached trend at once', async () => {
    const k3 = ids.df_k3!;
    const before = await getTrend(k3, 10);
    expect(await getTrend(k3, 10)).toEqual(before);
    // The next minute: the current period of K3 is drawn.
    await drawUntil(now + 60_000);
    const items = await history(k3, 10);
    expect(items[0]!.issue).not.toBe(before.latest_issue);
    const after = await getTrend(k3, 10);
    expect(after.latest_issue).toBe(items[0]!.issue);
    expectTrendMatches(after, items, K3_POSITIONS, K3_ROADS);
  });
});

describe('GET /api/game/long_dragon', () => {
  async function dragons() {
    const res = await call(t.app, 'GET', '/api/game/long_dragon');
    expect(res.status).toBe(200);
    return z.array(longDragonItem.strict()).parse(res.body.data);
  }

  it('lists every streak of 5 or more of every enabled game, longest first, and nothing shorter', async () => {
    let list = await dragons();
    // Streaks come from fair draws: should none be 5 long yet, draw on, a minute at a time, until one is.
    for (let i = 0; i < 100 && list.length === 0; i++) {
      await drawUntil(now + 60_000);
      list = await dragons();
    }
    expect(list.length).toBeGreaterThan(0);
    for (let i = 1; i < list.length; i++) expect(list[i]!.length).toBeLessThanOrEqual(list[i - 1]!.length);
    const expected: unknown[] = [];
    for (const [code, id] of Object.entries(ids)) {
      const full = await getTrend(id, 200);
      for (const road of full.roads) {
        if (road.streak && road.streak.length >= 5)
          expected.push({
            games_id: id,
            code,
            issue: full.latest_issue,
            road: road.key,
            side: road.streak.side,
            length: road.streak.length,
            play: road.streak.play,
          });
      }
    }
    const key = (d: { games_id: number; road: string }) => `${d.games_id}/${d.road}`;
    expect(list.map(key).sort()).toEqual(expected.map((d) => key(d as never)).sort());
    for (const d of list) {
      expect(d.length).toBeGreaterThanOrEqual(5);
      expect(d).toMatchObject(expected.find((e) => key(e as never) === key(d)) as object);
      expect(d.route).toMatch(/^\/[A-Za-z]+$/);
    }
    // Each streak agrees with the history: the latest `length` periods are on its side, the one before is not.
    const d = list[0]!;
    if (d.code === 'df_k3') {
      const items = await history(d.games_id, d.length + 1);
      const sides = items.map((h) => K3_ROADS[d.road]!(h.result));
      expect(sides.slice(0, d.length).every((s) => s === d.side)).toBe(true);
      if (sides.length > d.length) expect(sides[d.length]).not.toBe(d.side);
    }
  });

  it('leaves out a game its operator disables, at once', async () => {
    const list = await dragons();
    const code = list[0]!.code;
    const op = await operatorToken(t.app);
    const game = await t.app.db.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const enable = async (enabled: boolean) => {
      const res = await call(t.app, 'POST', API.adminGamesEnable, {
        ...auth(op),
        body: { games_id: game.id, enabled },
      });
      expect(res.status, res.text).toBe(200);
    };
    await enable(false);
    try {
      // The list is keyed by the enabled games and their latest draws, and the operator's save drops the kept answer.
      expect((await dragons()).some((d) => d.code === code)).toBe(false);
    } finally {
      await enable(true);
    }
    expect((await dragons()).some((d) => d.code === code)).toBe(true);
  });
});
