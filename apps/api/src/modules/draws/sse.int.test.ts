import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, currentGame, historyItem } from '@fairdraw/contract';
import { zodiacOf } from '@fairdraw/domain';
import { buildTestApp, call } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import { sseFrames } from '../../test/sse-frames.ts';
import type { TestApp } from '../../test/helper.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';
import { startScheduler } from './runner.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

type Sse = { event: string; data: Record<string, unknown> };

/** Opens an SSE stream and collects its events until `done` says so (or the timeout). */
function stream(url: string) {
  const events: Sse[] = [];
  let headers: http.IncomingHttpHeaders = {};
  let waiters: (() => void)[] = [];
  const req = http.get(url, (res) => {
    headers = res.headers;
    res.setEncoding('utf8');
    res.on(
      'data',
      sseFrames((event, data) => {
        events.push({ event, data: data as Record<string, unknown> });
        for (const w of waiters) w();
      }),
    );
  });
  req.on('error', () => undefined);
  const waitFor = (pred: (e: Sse) => boolean, ms = 8000) =>
    new Promise<Sse>((resolve, reject) => {
      const check = () => {
        const found = events.find(pred);
        if (found) {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== check);
          resolve(found);
        }
      };
      const timer = setTimeout(() => reject(new Error(`no such event in ${JSON.stringify(events)}`)), ms);
      waiters.push(check);
      check();
    });
  return { events, waitFor, headers: () => headers, close: () => req.destroy() };
}

describe('GET /api/game/events (Server-Sent Events)', () => {
  it('sends time and period at once, then seal / result / next as the scheduler moves periods', async () => {
    const db = t.app.db;
    const k3 = (await db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    // Periods committed three minutes ago: some are overdue and will be drawn by the tick below.
    await createUpcomingPeriods(db, new Date(now - 3 * 60_000), t.app.drawsContext);
    await createUpcomingPeriods(db, new Date(now), t.app.drawsContext);

    const s = stream(`${base}/api/game/events?games_id=${k3}`);
    const time = await s.waitFor((e) => e.event === 'time');
    expect(s.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect(Math.abs((time.data.server_time as number) - Date.now())).toBeLessThan(5000);
    const period = await s.waitFor((e) => e.event === 'period');
    expect(period.data).toMatchObject({ games_id: k3, code: 'df_k3' });

    await tick(db, new Date(), t.app.drawsContext);
    const result = await s.waitFor((e) => e.event === 'result');
    expect(result.data.result).toHaveLength(3);
    expect(result.data.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(result.data.commitment).toMatch(/^[0-9a-f]{64}$/);
    await s.waitFor((e) => e.event === 'seal');
    const next = await s.waitFor((e) => e.event === 'next');
    expect(next.data).toMatchObject({ games_id: k3 });
    s.close();
  });

  it('the running scheduler drives the stream (10 s cycles); listeners go when the client leaves', async () => {
    const db = t.app.db;
    const k3 = (await db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow()).id;
    // The app's clock stands still until the test moves it: the scheduler (on that clock) draws nothing before.
    const start = t.app.clock().getTime();
    let now = start;
    t.app.setClock(() => new Date(now));
    const scheduler = startScheduler({
      db,
      databaseUrl: t.config.databaseUrl,
      settle: t.app.periodSettler,
      context: { ...t.app.drawsContext, cycleOverrideSeconds: 10 },
      log: t.app.log,
      intervalMs: 200,
      now: t.app.clock,
    });
    try {
      const s = stream(`${base}/api/game/events?games_id=${k3}`);
      const period = await s.waitFor((e) => e.event === 'period' && e.data.issue !== null);
      // The app's clock reaches the period's draw time: the scheduler's next step seals and draws it.
      now = Math.max(start, period.data.draw_at as number);
      const result = await s.waitFor((e) => e.event === 'result' && e.data.issue === period.data.issue);
      expect(result.data.issue).toMatch(/^\d{8}-\d{4}$/);
      expect(t.app.periodEvents.listenerCount()).toBe(1);
      s.close();
      for (let i = 0; i < 50 && t.app.periodEvents.listenerCount() > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(t.app.periodEvents.listenerCount()).toBe(0);
    } finally {
      await scheduler.stop();
      t.app.setClock(undefined);
    }
  });
});

describe('GET /api/game/events without games_id (the lobby: every game on one stream)', () => {
  let a: TestApp;
  let url: string;
  beforeAll(async () => {
    a = await buildTestApp();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/api/game/events`;
  });
  afterAll(async () => {
    await a.close();
  });

  const drawDate = (issue: string) => issue.replace(/^(\d{4})(\d{2})(\d{2})-\d+$/, '$1-$2-$3');

  it("sends each enabled game's period at connect, then every game's events, each naming its games_id", async () => {
    const db = a.app.db;
    const games = await db.selectFrom('games').select(['id', 'code']).where('enabled', '=', true).execute();
    expect(games.length).toBeGreaterThan(1);
    const ids = games.map((g) => g.id).sort((x, y) => x - y);
    const markSix = games.find((g) => g.code === 'xam_6')?.id;
    const ctx = { ...a.app.drawsContext, cycleOverrideSeconds: 10 };
    await createUpcomingPeriods(db, new Date(Date.now() - 60_000), ctx);

    const s = stream(url);
    await s.waitFor((e) => e.event === 'time');
    const periodsOf = () => [...new Set(s.events.filter((e) => e.event === 'period').map((e) => e.data.games_id))];
    await expect.poll(() => periodsOf().sort((x, y) => Number(x) - Number(y)), { timeout: 8000 }).toEqual(ids);
    for (const e of s.events.filter((x) => x.event === 'period')) currentGame.parse(e.data);
    expect(a.app.periodEvents.listenerCount()).toBe(1);

    // Overdue periods of every game are drawn: results and next periods arrive for each game on the same stream.
    await tick(db, new Date(), ctx);
    for (const id of ids) {
      const result = await s.waitFor((e) => e.event === 'result' && e.data.games_id === id);
      expect(result.data.issue).toMatch(/^\d{8}-\d{4}$/);
      const next = await s.waitFor((e) => e.event === 'next' && e.data.games_id === id);
      expect(currentGame.parse(next.data).games_id).toBe(id);
      await s.waitFor((e) => e.event === 'seal' && e.data.games_id === id);
    }

    // Mark Six results carry each number's animal for the period's draw date (the domain's table); others none.
    const ms = s.events.find((e) => e.event === 'result' && e.data.games_id === markSix);
    const msResult = ms?.data.result as number[];
    const msIssue = ms?.data.issue as string;
    expect(ms?.data.zodiac).toEqual(msResult.map((n) => zodiacOf(n, drawDate(msIssue))));
    expect(s.events.find((e) => e.event === 'result' && e.data.games_id !== markSix)?.data).not.toHaveProperty(
      'zodiac',
    );
    s.close();

    const history = await call(a.app, 'GET', `/api/game/history?games_id=${markSix}&limit=50`);
    const items = historyItem.array().parse((history.body.data as { list: unknown[] }).list);
    expect(items.length).toBeGreaterThan(0);
    for (const h of items) expect(h.zodiac).toEqual(h.result.map((n) => zodiacOf(n, drawDate(h.issue))));
    const current = currentGame.parse(
      (await call(a.app, 'POST', `/api/game/current_game?games_id=${markSix}`)).body.data,
    );
    expect(current.last?.zodiac).toHaveLength(7);
    const k3 = games.find((g) => g.code === 'df_k3')?.id;
    const k3History = await call(a.app, 'GET', `/api/game/history?games_id=${k3}&limit=5`);
    expect((k3History.body.data as { list: object[] }).list[0]).not.toHaveProperty('zodiac');
  });
});

describe("GET /api/game/events: 'settled'", () => {
  it("the settle loop settles what the tick loop drew, and the stream sends 'settled' {games_id, issue}", async () => {
    const db = t.app.db;
    const k3 = (await db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow()).id;
    // The tests before this one moved the clock a few cycles on and drew the periods there: start after the last
    // period drawn, or on a slow machine the period current at the real time may already be settled.
    const drawn = await db
      .selectFrom('periods')
      .select((eb) => eb.fn.max('draw_at').as('last'))
      .where('game_id', '=', k3)
      .where('result', 'is not', null)
      .executeTakeFirst();
    const start = Math.max(t.app.clock().getTime(), drawn?.last ? new Date(drawn.last).getTime() + 1_000 : 0);
    let now = start;
    t.app.setClock(() => new Date(now));
    const scheduler = startScheduler({
      db,
      databaseUrl: t.config.databaseUrl,
      settle: t.app.periodSettler,
      context: { ...t.app.drawsContext, cycleOverrideSeconds: 10 },
      log: t.app.log,
      intervalMs: 200,
      settleIntervalMs: 3_600_000, // only the tick loop's wake-up can settle within this test
      now: t.app.clock,
    });
    try {
      const s = stream(`${base}/api/game/events?games_id=${k3}`);
      const period = await s.waitFor((e) => e.event === 'period' && e.data.issue !== null);
      now = Math.max(start, period.data.draw_at as number);
      const result = await s.waitFor((e) => e.event === 'result' && e.data.issue === period.data.issue);
      const settled = await s.waitFor((e) => e.event === 'settled' && e.data.issue === result.data.issue);
      expect(settled.data).toEqual({ games_id: k3, issue: result.data.issue });
      const row = await db
        .selectFrom('periods')
        .select('status')
        .where('game_id', '=', k3)
        .where('issue', '=', String(result.data.issue))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('settled');
      s.close();
    } finally {
      await scheduler.stop();
      t.app.setClock(undefined);
    }
  });

  it("a one-game stream carries only its game's 'settled'; the lobby stream carries every game's", async () => {
    const db = t.app.db;
    const games = await db.selectFrom('games').select(['id', 'code']).where('enabled', '=', true).execute();
    const [a, b] = games;
    if (!a || !b) throw new Error('two games needed');
    const one = stream(`${base}/api/game/events?games_id=${a.id}`);
    const all = stream(`${base}/api/game/events`);
    await one.waitFor((e) => e.event === 'period');
    await all.waitFor((e) => e.event === 'period');
    await t.app.periodEvents.publish(db, [
      { kind: 'settled', game_id: b.id, period_id: 0, issue: '20310101-0001' },
      { kind: 'settled', game_id: a.id, period_id: 0, issue: '20310101-0002' },
    ]);
    expect((await one.waitFor((e) => e.event === 'settled')).data).toEqual({ games_id: a.id, issue: '20310101-0002' });
    await all.waitFor((e) => e.event === 'settled' && e.data.games_id === a.id);
    expect(all.events.filter((e) => e.event === 'settled').map((e) => e.data.games_id)).toEqual([b.id, a.id]);
    expect(one.events.filter((e) => e.event === 'settled')).toHaveLength(1);
    one.close();
    all.close();
  });
});

describe('GET /api/game/events: connection caps (SSE_MAX_PER_IP, SSE_MAX_TOTAL)', () => {
  let c: TestApp;
  let url: string;
  beforeAll(async () => {
    // TRUST_PROXY: the client IP is X-Forwarded-For's, so one test can speak for several clients.
    c = await buildTestApp({ SSE_MAX_PER_IP: '2', SSE_MAX_TOTAL: '3', TRUST_PROXY: 'true' });
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}/api/game/events`;
  });
  afterAll(async () => {
    await c.close();
  });

  /** Opens a stream as `ip`; resolves with the status once the answer's head (and, for a refusal, its body) is in. */
  function connect(ip: string, query = '') {
    return new Promise<{ status: number; body: Record<string, unknown> | null; close: () => void }>(
      (resolve, reject) => {
        const req = http.get(`${url}${query}`, { headers: { 'x-forwarded-for': ip } }, (res) => {
          const status = res.statusCode ?? 0;
          if (status === 200) {
            resolve({ status, body: null, close: () => req.destroy() });
            return;
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status, body: JSON.parse(text) as Record<string, unknown>, close: () => req.destroy() }),
          );
        });
        req.on('error', reject);
      },
    );
  }
  const settle = async (ip: string, n: number) =>
    expect.poll(() => c.app.streamLimits.of(ip), { timeout: 3000, interval: 10 }).toBe(n);

  it('refuses the stream beyond the per-IP cap with 429 STREAM_LIMIT_REACHED; a closed stream frees its slot', async () => {
    const a1 = await connect('198.51.100.1');
    const a2 = await connect('198.51.100.1');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const refused = await connect('198.51.100.1', '?lang=en');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, data: null, error: 'STREAM_LIMIT_REACHED' });
    expect(typeof refused.body?.msg).toBe('string');
    // Another client is not held up by the first one's streams.
    const b1 = await connect('198.51.100.2');
    expect(b1.status).toBe(200);

    a1.close();
    await settle('198.51.100.1', 1);
    const a3 = await connect('198.51.100.1');
    expect(a3.status).toBe(200);
    expect((await connect('198.51.100.1')).status).toBe(429);
    for (const s of [a2, a3, b1]) s.close();
    await expect.poll(() => c.app.streamLimits.total(), { timeout: 3000, interval: 10 }).toBe(0);
  });

  it('refuses every IP once the total cap is reached, and accepts again when one leaves', async () => {
    const open = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const s = await connect(ip);
      expect(s.status).toBe(200);
      open.push(s);
    }
    const refused = await connect('203.0.113.4');
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toBe('STREAM_LIMIT_REACHED');
    open[0]?.close();
    await expect.poll(() => c.app.streamLimits.total(), { timeout: 3000, interval: 10 }).toBe(2);
    const next = await connect('203.0.113.4');
    expect(next.status).toBe(200);
    for (const s of [...open, next]) s.close();
    await expect.poll(() => c.app.streamLimits.total(), { timeout: 3000, interval: 10 }).toBe(0);
  });

  it('a refused unknown game frees its slot too (404 does not leak a slot)', async () => {
    for (let i = 0; i < 3; i++) expect((await connect('192.0.2.9', '?games_id=999999')).status).toBe(404);
    expect(c.app.streamLimits.of('192.0.2.9')).toBe(0);
    const ok = await connect('192.0.2.9');
    expect(ok.status).toBe(200);
    ok.close();
  });
});

describe('GET /api/game/events: SSE_MAX_TOTAL=0 turns streaming off', () => {
  it('answers every stream 429 STREAM_LIMIT_REACHED; current_game still answers', async () => {
    const off = await buildTestApp({ SSE_MAX_TOTAL: '0' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/game/events' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'STREAM_LIMIT_REACHED' });
      const game = (await off.app.db.selectFrom('games').select('id').executeTakeFirstOrThrow()).id;
      expect((await call(off.app, 'POST', `/api/game/current_game?games_id=${game}`)).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/game/events: the games a stream follows', () => {
  it('a lobby stream opened right after an operator disables a game does not follow it; one opened once it is enabled does', async () => {
    const db = t.app.db;
    const lobby = await db
      .selectFrom('games')
      .select('id')
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    // The lobby's first game: a stream that still followed it would send its period before any other.
    const gone = lobby[0]!.id;
    const others = lobby.slice(1).map((g) => g.id);
    const op = await operatorToken(t.app);
    const enable = (enabled: boolean) =>
      call(t.app, 'POST', API.adminGamesEnable, { ...auth(op), body: { games_id: gone, enabled } });
    const followed = (s: ReturnType<typeof stream>) =>
      [...new Set(s.events.filter((e) => e.event === 'period').map((e) => e.data.games_id))].sort(
        (x, y) => Number(x) - Number(y),
      );
    const all = lobby.map((g) => g.id).sort((x, y) => x - y);

    // A first stream has the lobby's games looked up (and kept for a moment).
    const before = stream(`${base}/api/game/events`);
    await expect.poll(() => followed(before), { timeout: 8000 }).toEqual(all);
    before.close();

    expect((await enable(false)).status).toBe(200);
    try {
      const after = stream(`${base}/api/game/events`);
      await expect.poll(() => followed(after), { timeout: 8000 }).toEqual([...others].sort((x, y) => x - y));
      after.close();
    } finally {
      expect((await enable(true)).status).toBe(200);
    }
    const again = stream(`${base}/api/game/events`);
    await expect.poll(() => followed(again), { timeout: 8000 }).toEqual(all);
    again.close();
  });
});

describe('GET /api/game/events: kept games dropped while a stream connects', () => {
  it('a stream that connects while the kept games are dropped (a draw, an operator’s change) is answered 200', async () => {
    const statuses: number[] = [];
    // Dropped again and again while streams connect: some connect finds its games' lookup in flight at a drop.
    const dropping = setInterval(() => t.app.publicReads.clear(), 0);
    try {
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          Array.from(
            { length: 3 },
            () =>
              new Promise<void>((resolve) => {
                const req = http.get(`${base}/api/game/events`, (res) => {
                  statuses.push(res.statusCode ?? 0);
                  req.destroy();
                  resolve();
                });
                req.on('error', () => resolve());
              }),
          ),
        );
        await expect.poll(() => t.app.streamLimits.total()).toBe(0);
      }
    } finally {
      clearInterval(dropping);
    }
    expect(statuses).toEqual(new Array(15).fill(200));
  });
});
