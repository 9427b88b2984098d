import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
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
