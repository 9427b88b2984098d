import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { LEASE_MS } from '../modules/draws/stream-limits.ts';
import { freePorts } from '../test/free-ports.ts';
import { redisAnswers, TEST_REDIS_URL, testKeyPrefix } from '../test/redis-helper.ts';
import { buildTestApp, call } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';

// Limits shared across API instances through Redis (REDIS_URL): two apps built side by side stand for two hosts
// behind a balancer. The machine's Redis (REDIS_URL, else 127.0.0.1:6379) serves the shared cases, under a key prefix
// of this run's own; the outage cases start and kill a throw-away redis-server of their own.
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = testKeyPrefix();

const haveRedis = await redisAnswers(REDIS_URL);
const haveRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const why = (ok: boolean, reason: string) => (ok ? '' : ` (skipped: ${reason})`);

const metric = async (t: TestApp, name: string) =>
  Number((await t.app.metrics.getSingleMetricAsString(name)).trim().split('\n').at(-1)?.split(' ')[1]);
const readyz = async (t: TestApp) => {
  const res = await call(t.app, 'GET', '/readyz');
  return { status: res.status, limits: res.body.limits };
};
/** `n` calls of one client, alternating between the instances; their statuses. */
async function spread(hosts: TestApp[], ip: string, n: number, url = '/api/game/category') {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await call(hosts[i % hosts.length]!.app, 'GET', url, { ip })).status);
  return statuses;
}

describe.skipIf(!haveRedis)(
  `limits shared across instances${why(haveRedis, `no Redis answers at ${REDIS_URL}`)}`,
  () => {
    const T0 = new Date('2031-03-04T05:06:07Z');
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = {
        REDIS_URL,
        REDIS_KEY_PREFIX: PREFIX,
        RATE_LIMIT_MAX: '10',
        AUTH_RATE_LIMIT_MAX: '3',
        SSE_MAX_PER_IP: '2',
        SSE_MAX_PER_USER: '2',
        SSE_MAX_MEMBER_PER_IP: '5',
      };
      [a, b] = await Promise.all([buildTestApp(env, { now: T0 }), buildTestApp(env, { now: T0 })]);
      // A busy machine may take longer to connect than a start waits for.
      await vi.waitFor(
        () => {
          if (!a.app.sharedStore.available() || !b.app.sharedStore.available()) throw new Error('Redis not connected');
        },
        { timeout: 10_000, interval: 20 },
      );
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('says the limits are shared in /readyz and the metrics', async () => {
      for (const t of [a, b]) {
        expect(await readyz(t)).toEqual({ status: 200, limits: 'shared' });
        expect(await metric(t, 'shared_limits_available')).toBe(1);
        expect(await metric(t, 'shared_limits_configured')).toBe(1);
      }
    });

    it('a client spreading its requests over both instances gets one budget, not one per instance', async () => {
      const statuses = await spread([a, b], '198.51.100.7', 14);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
      // Another client has its own budget.
      expect((await call(b.app, 'GET', '/api/game/category', { ip: '198.51.100.8' })).status).toBe(200);
    });

    it('the front door counts in the shared budget: its answers and the routes’ make one budget', async () => {
      // Two more hosts behind a trusted proxy, listening on sockets: the front door is the server's first look at a
      // request, which app.inject skips. The first request of each host goes the whole way (and teaches its door).
      const env = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX, RATE_LIMIT_MAX: '10', TRUST_PROXY: 'true' };
      const hosts = await Promise.all([buildTestApp(env, { now: T0 }), buildTestApp(env, { now: T0 })]);
      try {
        await vi.waitFor(
          () => {
            if (!hosts.every((h) => h.app.sharedStore.available())) throw new Error('Redis not connected');
          },
          { timeout: 10_000, interval: 20 },
        );
        const urls = await Promise.all(
          hosts.map(async (h) => {
            await h.app.listen({ port: 0, host: '127.0.0.1' });
            return `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/game/category`;
          }),
        );
        const statuses: number[] = [];
        for (let i = 0; i < 14; i++) {
          const res = await fetch(urls[i % 2] ?? '', { headers: { 'x-forwarded-for': '198.51.100.21' } });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
        expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429, 429, 429]);
        // Each door answered some of them (all but the first of its host's, until the budget was spent), each after
        // counting it in Redis: each was timed.
        for (const h of hosts) {
          const answered = (await h.app.metrics.getSingleMetric('public_read_front_door_answers_total')?.get())
            ?.values[0]?.value;
          expect(answered).toBe(4);
          const waited = (
            await h.app.metrics.getSingleMetric('public_read_front_door_wait_seconds')?.get()
          )?.values.find((v) => String((v as { metricName?: string }).metricName).endsWith('_count'))?.value;
          expect(waited).toBe(4);
        }
      } finally {
        await Promise.all(hosts.map((h) => h.close()));
      }
    });

    it('the auth budget is shared too', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const host = i % 2 === 0 ? a : b;
        const res = await call(host.app, 'POST', '/api/user/login', {
          ip: '198.51.100.9',
          body: { account: 'nobody42', password: 'wrong-password' },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    });

    it("a player's stream cap holds across both instances; a closed stream frees its slot everywhere", async () => {
      const one = await a.app.streamLimits.acquireUser(4242, '203.0.113.1');
      const two = await b.app.streamLimits.acquireUser(4242, '203.0.113.2');
      expect(one).not.toBeNull();
      expect(two).not.toBeNull();
      expect(await a.app.streamLimits.acquireUser(4242, '203.0.113.3')).toBeNull();
      expect(await b.app.streamLimits.acquireUser(4242, '203.0.113.3')).toBeNull();
      // A refusal leaves nothing behind, here or in Redis.
      expect(a.app.streamLimits.ofUser(4242)).toBe(1);
      one?.();
      await expect.poll(async () => Boolean(await b.app.streamLimits.acquireUser(4242, '203.0.113.3'))).toBe(true);
      two?.();
    });

    it("an IP's game-stream cap holds across both instances, through the route", async () => {
      const ip = '203.0.113.50';
      const one = await a.app.streamLimits.acquire(ip);
      const two = await a.app.streamLimits.acquire(ip);
      expect(one && two).toBeTruthy();
      const res = await call(b.app, 'GET', '/api/game/events', { ip });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('STREAM_LIMIT_REACHED');
      one?.();
      two?.();
    });

    it("at a cap reached, a killed instance's leases stop counting at once: it left no mark of life", async () => {
      const ip = '203.0.113.77';
      const redis = new Redis(REDIS_URL);
      try {
        // Two leases of an instance killed a moment ago: unexpired, but its mark of life is gone.
        const expiry = T0.getTime() + LEASE_MS;
        await redis.zadd(`${PREFIX}streams:game-ip:${ip}`, expiry, 'dead0000:1', expiry, 'dead0000:2');
        const one = await b.app.streamLimits.acquire(ip);
        expect(one).not.toBeNull();
        // The leases of live instances still count: the cap (2) holds.
        const two = await a.app.streamLimits.acquire(ip);
        expect(two).not.toBeNull();
        expect(await b.app.streamLimits.acquire(ip)).toBeNull();
        expect(await a.app.streamLimits.acquire(ip)).toBeNull();
        one?.();
        two?.();
      } finally {
        redis.disconnect();
      }
    });

    it("a dead instance's streams stop counting once their leases expire (by the app's clock)", async () => {
      const dead = await buildTestApp(
        { REDIS_URL, REDIS_KEY_PREFIX: PREFIX, SSE_MAX_PER_USER: '2', SSE_MAX_MEMBER_PER_IP: '5' },
        { now: T0 },
      );
      expect(await dead.app.streamLimits.acquireUser(777, '203.0.113.9')).not.toBeNull();
      expect(await dead.app.streamLimits.acquireUser(777, '203.0.113.9')).not.toBeNull();
      // Gone without a word: it neither removes nor renews its leases. Its mark of life lapses on Redis's own clock
      // (ALIVE_MS); kept here for a minute, so that only the app's clock moves what this test looks at.
      await dead.app.sharedStore.close();
      const redis = new Redis(REDIS_URL);
      try {
        for (const mark of await redis.keys(`${PREFIX}streams:alive:*`)) await redis.pexpire(mark, 60_000);
      } finally {
        redis.disconnect();
      }
      expect(await b.app.streamLimits.acquireUser(777, '203.0.113.10')).toBeNull();
      b.app.setClock(() => new Date(T0.getTime() + LEASE_MS - 1));
      expect(await b.app.streamLimits.acquireUser(777, '203.0.113.10')).toBeNull();
      b.app.setClock(() => new Date(T0.getTime() + LEASE_MS + 1));
      const release = await b.app.streamLimits.acquireUser(777, '203.0.113.10');
      expect(release).not.toBeNull();
      release?.();
      b.app.setClock(() => T0);
      await dead.close();
    });
  },
);

describe.skipIf(!haveRedisServer)(
  `while Redis is away the limits are per instance${why(haveRedisServer, 'no redis-server on this machine')}`,
  () => {
    let port: number;
    let server: ChildProcess | undefined;
    let c: TestApp;
    let d: TestApp;
    const url = () => `redis://127.0.0.1:${port}`;

    async function startRedis() {
      for (let attempt = 0; ; attempt++) {
        const child = spawn(
          'redis-server',
          ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          {
            stdio: 'ignore',
          },
        );
        const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(false)));
        const up = (async () => {
          for (let i = 0; i < 100 && !(await redisAnswers(url())); i++) await new Promise((r) => setTimeout(r, 20));
          return redisAnswers(url());
        })();
        if (await Promise.race([up, exited])) {
          server = child;
          return;
        }
        child.kill('SIGKILL');
        // The port went to someone else meanwhile: only the first start may take another (no app knows it yet).
        if (attempt > 3 || c) throw new Error(`redis-server did not start on ${port}`);
        [port] = (await freePorts(1)) as [number];
      }
    }
    async function stopRedis() {
      const child = server;
      server = undefined;
      if (!child || child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }

    beforeAll(async () => {
      [port] = (await freePorts(1)) as [number];
    });
    afterAll(async () => {
      await Promise.all([c?.close(), d?.close()]);
      await stopRedis();
    });

    it('an instance whose Redis is not there starts, serves, and keeps the limits itself', async () => {
      const env = { REDIS_URL: url(), REDIS_KEY_PREFIX: PREFIX, RATE_LIMIT_MAX: '4' };
      [c, d] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
      for (const t of [c, d]) {
        expect(await readyz(t)).toEqual({ status: 200, limits: 'per-host' });
        expect(await metric(t, 'shared_limits_available')).toBe(0);
        expect(await metric(t, 'shared_limits_configured')).toBe(1);
      }
      // Per instance: four on each, never more, never refused for all.
      expect(await spread([c], '192.0.2.1', 5)).toEqual([200, 200, 200, 200, 429]);
      expect(await spread([d], '192.0.2.1', 5)).toEqual([200, 200, 200, 200, 429]);
    });

    it('once Redis is up the budget is shared; while it is down again, per instance, with no wait', async () => {
      await startRedis();
      await expect
        .poll(() => c.app.sharedStore.available() && d.app.sharedStore.available(), { timeout: 10_000 })
        .toBe(true);
      expect((await readyz(c)).limits).toBe('shared');
      expect(await metric(d, 'shared_limits_available')).toBe(1);
      expect(await spread([c, d], '192.0.2.2', 6)).toEqual([200, 200, 200, 200, 429, 429]);

      await stopRedis();
      await expect.poll(() => c.app.sharedStore.available() || d.app.sharedStore.available()).toBe(false);
      expect(await readyz(c)).toEqual({ status: 200, limits: 'per-host' });
      expect(await metric(c, 'shared_limits_available')).toBe(0);
      const started = performance.now();
      expect(await spread([c], '192.0.2.3', 5)).toEqual([200, 200, 200, 200, 429]);
      // Five requests with Redis gone: no connection is waited for (each answers as without Redis).
      expect(performance.now() - started).toBeLessThan(2000);
      expect(await spread([d], '192.0.2.3', 5)).toEqual([200, 200, 200, 200, 429]);

      // Back: shared again, for a new client and for the stream caps.
      await startRedis();
      await expect
        .poll(() => c.app.sharedStore.available() && d.app.sharedStore.available(), { timeout: 10_000 })
        .toBe(true);
      expect((await readyz(d)).limits).toBe('shared');
      expect(await spread([c, d], '192.0.2.4', 6)).toEqual([200, 200, 200, 200, 429, 429]);
    });

    it('a Redis that stops answering (not closed) costs a request at most the command timeout, then none', async () => {
      expect(c.app.sharedStore.available()).toBe(true);
      server?.kill('SIGSTOP');
      try {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          expect((await call(c.app, 'GET', '/api/game/category', { ip: '192.0.2.5' })).status).toBe(200);
          times.push(performance.now() - started);
        }
        // The first waits for the command timeout (150 ms) and falls back; the next ones do not ask Redis at all.
        expect(times[0]).toBeLessThan(1000);
        expect(c.app.sharedStore.available()).toBe(false);
        expect((await readyz(c)).limits).toBe('per-host');
      } finally {
        server?.kill('SIGCONT');
      }
      await expect.poll(() => c.app.sharedStore.available()).toBe(true);
    });
  },
);
