import { brotliCompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';

function expectCsp(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "script-src 'self'",
    "img-src 'self' data: blob:",
  ]) {
    expect(csp).toContain(directive);
  }
}

describe('health, metrics, docs and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz and /readyz', async () => {
    expect((await call(t.app, 'GET', '/healthz')).body).toEqual({ code: 200, msg: 'success', data: 'ok' });
    expect((await call(t.app, 'GET', '/readyz')).body).toEqual({
      code: 200,
      msg: 'success',
      data: 'ready',
      limits: 'per-host',
      replica: 'none',
    });
  });

  it('the public app answers GET /metrics with the ordinary 404', async () => {
    const res = await call(t.app, 'GET', '/metrics', { headers: { lang: 'en' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND', data: null });
    expect(res.text).not.toContain('process_cpu_user_seconds_total');
  });

  it('the metrics listener serves default metrics and the request histogram by route, on loopback', async () => {
    await call(t.app, 'GET', '/api/game/games');
    const address = await t.app.listenMetrics({ port: 0 });
    expect(address.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/game\/games",status="200"\} \d+/,
    );
    // Nothing else is served there.
    expect((await fetch(`${base}/api/game/games`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('serves the OpenAPI document with the routes and their schemas', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    for (const p of ['/api/user/register', '/api/user/login', '/api/user/guest', '/api/user/logout'])
      expect(doc.paths[p]?.post).toBeDefined();
    for (const p of ['/api/user/index', '/api/index/index', '/api/game/games', '/api/game/category'])
      expect(doc.paths[p]?.get).toBeDefined();
    expect(doc.paths['/api/user/register']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/user/register']?.post?.responses['409']).toBeDefined();
    const ui = await call(t.app, 'GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expectCsp(ui.headers);
  });

  it('puts the CSP on API responses, errors included', async () => {
    expectCsp((await call(t.app, 'GET', '/api/game/games')).headers);
    expectCsp((await call(t.app, 'GET', '/api/user/index')).headers);
    expectCsp((await call(t.app, 'GET', '/api/nope')).headers);
    expect((await call(t.app, 'GET', '/api/game/games')).headers['x-frame-options']).toBe('DENY');
  });

  it('answers a plain 503 page with the CSP while the web app is not built', async () => {
    const res = await call(t.app, 'GET', '/some/page');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('npm run build');
    expectCsp(res.headers);
  });

  it('unknown API routes answer the 404 envelope, for every method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(t.app, method, '/api/nope/nothing', { headers: { lang: 'en' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: 'Not found', data: null, error: 'NOT_FOUND' });
    }
  });
});

describe('the built web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'fd-web-'));
  const head = '<!doctype html><html><head><meta name="redirect-allowlist" content="" />';
  const tail = '<script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';
  const html = head + tail;
  const served = `<!doctype html><html><head><meta name="redirect-allowlist" content="https://pay.example" />${tail}`;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'art'));
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")'));
    writeFileSync(join(dist, 'art', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ WEB_DIST: dist, REDIRECT_ALLOWLIST: 'https://pay.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves index.html at / and for SPA routes, revalidated, with the CSP', async () => {
    for (const url of ['/', '/login', '/pkShi?type=df_pk10&category_id=1', '/my/deep/route']) {
      const res = await call(t.app, 'GET', url);
      expect(res.status, url).toBe(200);
      // The page carries the server's redirect allow-list for the client's own check of code 301.
      expect(res.text).toBe(served);
      expect(res.headers['cache-control']).toBe('no-cache');
      expectCsp(res.headers);
    }
  });

  it('serves hashed assets for a year, precompressed when accepted', async () => {
    const plain = await call(t.app, 'GET', '/assets/app-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await call(t.app, 'GET', '/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files for an hour', async () => {
    const res = await call(t.app, 'GET', '/art/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never answers index.html for missing files or API paths', async () => {
    expect((await call(t.app, 'GET', '/assets/app-old999.js')).status).toBe(404);
    expect((await call(t.app, 'GET', '/art/missing.svg')).status).toBe(404);
    const api = await call(t.app, 'GET', '/api/unknown', { headers: { lang: 'en' } });
    expect(api.status).toBe(404);
    expect(api.body.error).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', '/healthz')).body.data).toBe('ok');
  });
});

describe('maintenance mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      REDIRECT_ALLOWLIST: 'https://status.example',
      MAINTENANCE_URL: 'https://status.example/maintenance',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers code 301 to the allow-listed address on every /api call, health keeps working', async () => {
    for (const [method, url] of [
      ['GET', '/api/index/index'],
      ['POST', '/api/user/login'],
      ['GET', '/api/nope'],
    ] as const) {
      const res = await call(t.app, method, url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 301, msg: 'redirect', data: 'https://status.example/maintenance' });
    }
    expect((await call(t.app, 'GET', '/healthz')).body.data).toBe('ok');
    expect((await call(t.app, 'GET', '/readyz')).body.data).toBe('ready');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '5', AUTH_RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses past the global per-IP budget with a translated 429', async () => {
    const ip = '203.0.113.5';
    for (let i = 0; i < 5; i += 1) expect((await call(t.app, 'GET', '/api/game/games', { ip })).status).toBe(200);
    const res = await call(t.app, 'GET', '/api/game/games', { ip, headers: { lang: 'en' } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 429,
      msg: 'Too many requests. Please wait a moment.',
      data: null,
      error: 'RATE_LIMITED',
    });
    // Other IPs and health checks are unaffected.
    expect((await call(t.app, 'GET', '/api/game/games', { ip: '203.0.113.6' })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await call(t.app, 'GET', '/healthz', { ip })).status).toBe(200);
  });

  it('/metrics on the public port is no way round the budget', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i += 1) expect((await call(t.app, 'GET', '/metrics', { ip })).status).toBe(404);
    expect((await call(t.app, 'GET', '/metrics', { ip })).status).toBe(429);
  });

  it('guest, login and register have a tighter budget', async () => {
    const ip = '203.0.113.9';
    expect((await call(t.app, 'POST', '/api/user/guest', { ip })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/user/guest', { ip })).status).toBe(200);
    const res = await call(t.app, 'POST', '/api/user/guest', { ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('RATE_LIMITED');
    expect(res.body.msg).toBe('มีคำขอมากเกินไป กรุณารอสักครู่');
  });
});
