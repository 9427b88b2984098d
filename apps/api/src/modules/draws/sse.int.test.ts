import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentGame, historyItem } from '@fairdraw/contract';
import { zodiacOf } from '@fairdraw/domain';
import { buildTestApp, call } from '../../test/helper.ts';
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
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
        events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        for (const w of waiters) w();
      }
    });
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
    const scheduler = startScheduler({
      db,
      databaseUrl: t.config.databaseUrl,
      context: { ...t.app.drawsContext, cycleOverrideSeconds: 10 },
      log: t.app.log,
      intervalMs: 200,
    });
    try {
      const s = stream(`${base}/api/game/events?games_id=${k3}`);
      await s.waitFor((e) => e.event === 'period');
      const result = await s.waitFor((e) => e.event === 'result', 15_000);
      expect(result.data.issue).toMatch(/^\d{8}-\d{4}$/);
      expect(t.app.periodEvents.listenerCount()).toBe(1);
      s.close();
      for (let i = 0; i < 50 && t.app.periodEvents.listenerCount() > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(t.app.periodEvents.listenerCount()).toBe(0);
    } finally {
      await scheduler.stop();
    }
  }, 25_000);
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
    const scheduler = startScheduler({
      db,
      databaseUrl: t.config.databaseUrl,
      context: { ...t.app.drawsContext, cycleOverrideSeconds: 10 },
      log: t.app.log,
      intervalMs: 200,
      settleIntervalMs: 60_000, // only the tick loop's wake-up can settle within this test
    });
    try {
      const s = stream(`${base}/api/game/events?games_id=${k3}`);
      const result = await s.waitFor((e) => e.event === 'result', 15_000);
      const settled = await s.waitFor((e) => e.event === 'settled' && e.data.issue === result.data.issue, 5_000);
      expect(settled.data).toEqual({ games_id: k3, issue: result.data.issue });
      const period = await db
        .selectFrom('periods')
        .select('status')
        .where('game_id', '=', k3)
        .where('issue', '=', String(result.data.issue))
        .executeTakeFirstOrThrow();
      expect(period.status).toBe('settled');
      s.close();
    } finally {
      await scheduler.stop();
    }
  }, 25_000);

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
