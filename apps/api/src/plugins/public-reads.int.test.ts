import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { createUpcomingPeriods, tick } from '../modules/draws/draws.service.ts';

// The front door (plugins/public-reads.ts, lib/front-door.ts): an exact repeat of a public read already answered is
// sent from what is kept, before Fastify. It must change nothing of what the request gets. It is the server's first
// look at a request, so these tests go through a real socket (app.inject goes straight to Fastify).
const T = new Date('2031-04-03T05:00:20Z');
let t: TestApp;
let base: string;
let k3: number;

async function listening(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** How many requests the front door answered so far. */
async function frontDoor(app: TestApp['app']): Promise<number> {
  const metric = await app.metrics.getSingleMetric('public_read_front_door_answers_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

/** How many of them waited for the rate budget (timed). */
async function waited(app: TestApp['app']): Promise<number> {
  const metric = await app.metrics.getSingleMetric('public_read_front_door_wait_seconds')?.get();
  return metric?.values.find((v) => String((v as { metricName?: string }).metricName).endsWith('_count'))?.value ?? 0;
}

type Answer = { status: number; body: string; headers: Record<string, string> };
async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const headers = Object.fromEntries(res.headers);
  // The time of each answer, and how the connection is kept, are the transport's.
  for (const name of ['date', 'connection', 'keep-alive']) delete headers[name];
  return { status: res.status, body: await res.text(), headers };
}

const dataOf = <T>(answer: Answer): T => (JSON.parse(answer.body) as { data: T }).data;

beforeAll(async () => {
  t = await buildTestApp({ READ_CACHE_MS: '60000', RATE_LIMIT_MAX: '12', TRUST_PROXY: 'true' }, { now: T });
  await createUpcomingPeriods(t.app.db, T, t.app.drawsContext);
  await tick(t.app.db, T, t.app.drawsContext);
  k3 = (await t.app.db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow()).id;
  base = await listening(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Each test its own client address (behind the trusted proxy), so each has its own rate budget. */
const from = (ip: string, headers: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': ip, ...headers } });

describe('the front door of the public reads', () => {
  it('answers an exact repeat with the same bytes and headers as the route, and only an exact repeat', async () => {
    const url = `${base}${API.playItems}?group_id=${k3}`;
    const first = await ask(url, from('198.51.100.1', { lang: 'en' }));
    expect(first.status).toBe(200);
    const before = await frontDoor(t.app);
    const again = await ask(url, from('198.51.100.1', { lang: 'en' }));
    expect(await frontDoor(t.app)).toBe(before + 1);
    expect(again).toEqual(first);
    expect(again.headers['content-security-policy']).toBeDefined();

    // Another language, another query, a request with a body: the whole way, each answered as the route answers it.
    const th = await ask(url, from('198.51.100.1', { lang: 'th' }));
    expect(th.status).toBe(200);
    expect(th.body).not.toBe(first.body);
    const bad = await ask(`${url}&group_id=x`, from('198.51.100.1', { lang: 'en' }));
    expect(bad.status).toBe(400);
    // A URL longer than any public read's is never remembered, however often it is asked.
    const long = `${url}&${'x'.repeat(300)}=1`;
    const longAnswers = [await ask(long, from('198.51.100.1', { lang: 'en' }))];
    longAnswers.push(await ask(long, from('198.51.100.1', { lang: 'en' })));
    expect(longAnswers.map((a) => a.status)).toEqual([200, 200]);
    expect(await frontDoor(t.app)).toBe(before + 1);

    const current = `${base}${API.currentGame}?games_id=${k3}`;
    expect((await ask(current, { method: 'POST', ...from('198.51.100.1') })).status).toBe(200);
    const withBody = await ask(current, {
      method: 'POST',
      body: '{"games_id":',
      ...from('198.51.100.1', { 'content-type': 'application/json' }),
    });
    expect(withBody.status).toBe(400);
    expect(JSON.parse(withBody.body)).toMatchObject({ error: 'INVALID_JSON' });
    expect(await frontDoor(t.app)).toBe(before + 1);
  });

  it('stamps each answer with its own time, and answers anew after the draw', async () => {
    const url = `${base}${API.currentGame}?games_id=${k3}`;
    const post = () => ask(url, { method: 'POST', ...from('198.51.100.2') });
    const first = dataOf<{ issue: string; draw_at: number; server_time: number }>(await post());
    const at = new Date(T.getTime() + 1_500);
    t.app.setClock(() => at);
    const before = await frontDoor(t.app);
    const again = dataOf<{ issue: string; server_time: number }>(await post());
    expect(await frontDoor(t.app)).toBe(before + 1);
    expect(again).toEqual({ ...first, server_time: at.getTime() });

    const drawn = new Date(first.draw_at + 1_000);
    t.app.setClock(() => drawn);
    await tick(t.app.db, drawn, t.app.drawsContext);
    const next = dataOf<{ issue: string; last: { issue: string } | null }>(await post());
    expect(next.issue).not.toBe(first.issue);
    expect(next.last?.issue).toBe(first.issue);
  });

  it('counts each answer against the client’s rate budget, and the route refuses once it is spent', async () => {
    const url = `${base}${API.games}`;
    const statuses: number[] = [];
    let before = -1;
    const waitedBefore = await waited(t.app);
    for (let i = 0; i < 16; i++) {
      const res = await ask(url, from('203.0.113.9', { lang: 'en' }));
      statuses.push(res.status);
      if (i === 0) before = await frontDoor(t.app);
      if (res.status === 429) expect(JSON.parse(res.body)).toMatchObject({ error: 'RATE_LIMITED' });
    }
    expect(statuses).toEqual([...Array<number>(12).fill(200), ...Array<number>(4).fill(429)]);
    // All but the first of the twelve were answered at the front door; another client has a budget of its own.
    expect(await frontDoor(t.app)).toBe(before + 11);
    // Counted in memory, they left in the turn they came in: none of them waited for the budget.
    expect(await waited(t.app)).toBe(waitedBefore);
    expect((await ask(url, from('203.0.113.10', { lang: 'en' }))).status).toBe(200);
  });

  it('counts an IPv6 client under the budget’s own key for it: its /64, answered at the front door too', async () => {
    const url = `${base}${API.category}`;
    const before = await frontDoor(t.app);
    const waitedBefore = await waited(t.app);
    const statuses: number[] = [];
    // Two addresses of one /64 share a budget, as the routes count them.
    for (let i = 0; i < 14; i++) {
      statuses.push((await ask(url, from(i % 2 === 0 ? '2001:db8:0:1::9' : '2001:db8:0:1:ffff::7'))).status);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(200), 429, 429]);
    expect(await frontDoor(t.app)).toBeGreaterThanOrEqual(before + 10);
    // The plugin answers for an IPv6 client in a promise: each of those answers waited for it, and was timed.
    expect((await waited(t.app)) - waitedBefore).toBe((await frontDoor(t.app)) - before);
    expect((await ask(url, from('2001:db8:0:2::9'))).status).toBe(200);
  });
});
