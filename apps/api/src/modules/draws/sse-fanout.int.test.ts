import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { sseFrames } from '../../test/sse-frames.ts';
import type { TestApp } from '../../test/helper.ts';
import type { DrawsContext } from './draws.service.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';

/** How many streams the crowd round opens (SSE_FANOUT_STREAMS=2000 to try more). */
const CROWD = Number(process.env.SSE_FANOUT_STREAMS ?? 500);
const CYCLE_MS = 10_000;

let t: TestApp;
let url: string;
let queries = 0;
let ctx: DrawsContext;
let base: number;
let games: number[];
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

beforeAll(async () => {
  const cap = String(CROWD + 10);
  t = await buildTestApp(
    // The whole crowd is one address here: no per-address connection cap (MAX_CONNECTIONS_PER_IP) either.
    { SSE_MAX_PER_IP: cap, SSE_MAX_TOTAL: cap, MAX_CONNECTIONS_PER_IP: '0' },
    {
      onQuery: () => {
        queries += 1;
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/game/events`;
  ctx = { ...t.app.drawsContext, cycleOverrideSeconds: CYCLE_MS / 1000 };
  // Every game on 10 s cycles, so each round below (one tick, 10 s after the last) seals, draws and opens exactly
  // one period of every game: the same work whoever watches.
  base = Math.floor(Date.now() / CYCLE_MS) * CYCLE_MS;
  await createUpcomingPeriods(t.app.db, new Date(base - 60_000), ctx);
  await tick(t.app.db, new Date(base + 500), ctx);
  games = (await t.app.db.selectFrom('games').select('id').where('enabled', '=', true).orderBy('id').execute()).map(
    (g) => g.id,
  );
}, 60_000);
afterAll(async () => {
  agent.destroy();
  await t.close();
});

type Client = { games: number[]; got: Map<string, Set<number>>; close: () => void };

/** Opens a stream (one game, or every game without `game`); resolves once its `period` frames are in. */
function open(game: number | undefined, onFrame: (c: Client, event: string, gameId: number) => void) {
  return new Promise<Client>((resolve, reject) => {
    const c: Client = { games: game === undefined ? games : [game], got: new Map(), close: () => req.destroy() };
    const req = http.get(game === undefined ? url : `${url}?games_id=${game}`, { agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on(
        'data',
        sseFrames((event, frame) => {
          const data = frame as { games_id?: number } | null;
          if (data?.games_id === undefined) return;
          let seen = c.got.get(event);
          if (!seen) c.got.set(event, (seen = new Set()));
          seen.add(data.games_id);
          onFrame(c, event, data.games_id);
          if (event === 'period' && c.games.every((g) => seen.has(g))) resolve(c);
        }),
      );
    });
    req.on('error', () => undefined);
  });
}

/**
 * Opens `n` streams (every other one the all-games stream, the rest one game each), draws one period of every game
 * with one tick, and reports the queries that cost (tick and stream events) and how long from the tick until every
 * stream had each of its `result`s.
 */
async function round(k: number, n: number) {
  let pendingResults = -1;
  let pendingNexts = -1;
  let pendingPeriods = -1;
  let resultsAt = 0;
  let allResults: () => void = () => undefined;
  let allNexts: () => void = () => undefined;
  let allPeriods: () => void = () => undefined;
  const resultsIn = new Promise<void>((r) => (allResults = r));
  const nextsIn = new Promise<void>((r) => (allNexts = r));
  const periodsIn = new Promise<void>((r) => (allPeriods = r));
  let counting = false;
  const onFrame = (_c: Client, event: string) => {
    if (!counting) return;
    if (event === 'result' && --pendingResults === 0) {
      resultsAt = performance.now();
      allResults();
    }
    if (event === 'next' && --pendingNexts === 0) allNexts();
    if (event === 'period' && --pendingPeriods === 0) allPeriods();
  };
  queries = 0;
  const clients = await Promise.all(
    Array.from({ length: n }, (_, i) => open(i % 2 === 0 ? undefined : games[i % games.length], onFrame)),
  );
  await t.app.liveEvents.idle();
  const connects = queries;
  expect(t.app.streamLimits.total()).toBe(n);
  for (const c of clients) c.got.clear();
  pendingResults = clients.reduce((sum, c) => sum + c.games.length, 0);
  pendingNexts = pendingResults;
  pendingPeriods = pendingResults;
  queries = 0;
  counting = true;
  const start = performance.now();
  const report = await tick(t.app.db, new Date(base + k * CYCLE_MS + 500), ctx);
  expect(report.drawn).toBe(games.length);
  // Each game's next period opens in the same tick: its `period` frame is the last event of the round.
  await Promise.all([resultsIn, nextsIn, periodsIn]);
  await t.app.liveEvents.idle();
  const cost = queries;
  counting = false;
  for (const c of clients) {
    for (const event of ['seal', 'result', 'next', 'period'])
      expect(
        [...(c.got.get(event) ?? [])].sort((a, b) => a - b),
        `${event}`,
      ).toEqual(c.games);
  }
  for (const c of clients) c.close();
  await expect.poll(() => t.app.streamLimits.total(), { timeout: 10_000, interval: 20 }).toBe(0);
  return { queries: cost, connects, resultMs: Math.round(resultsAt - start) };
}

describe('GET /api/game/events: a draw costs the same with 1 or many streams', () => {
  it(`the same queries with 1 and ${CROWD} streams open; every stream gets every result`, async () => {
    const one = await round(1, 1);
    const crowd = await round(2, CROWD);
    const db = t.config.databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `[sse-fanout] ${db}: ${games.length} games; 1 stream: ${one.queries} queries, results in ${one.resultMs} ms; ` +
        `${CROWD} streams: ${crowd.queries} queries, results in ${crowd.resultMs} ms ` +
        `(connecting them: ${crowd.connects} queries)`,
    );
    expect(crowd.queries).toBe(one.queries);
    // Connecting: each stream looks its games up once; their current periods come from the short cache, not one
    // read per game per stream (about 13 per stream here).
    expect(crowd.connects).toBeLessThan(2 * CROWD);
  }, 180_000);
});
