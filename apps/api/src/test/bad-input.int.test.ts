import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, countRows, registerPlayer } from './helper.ts';
import { expectRefused, LONG, JSON_HEADERS } from './bad-input.ts';
import type { CallOptions, TestApp } from './helper.ts';

// docs/trust.md 33: bad input to every endpoint gives a 4xx with a machine key and a translated message, never a 5xx,
// and changes no state.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerPlayer(t.app, 'existing1', 'secret123')).token;
});
afterAll(async () => {
  await t.close();
});

/** Bodies that no JSON endpoint accepts. */
const BAD_BODIES: [string, CallOptions][] = [
  ['broken JSON', { headers: JSON_HEADERS, rawBody: '{"account": "abc",' }],
  ['not JSON at all', { headers: JSON_HEADERS, rawBody: 'account=abc&password=x' }],
  ['a JSON string', { body: 'hello' }],
  ['a JSON number', { body: 12345 }],
  ['null', { headers: JSON_HEADERS, rawBody: 'null' }],
  ['an array', { body: [{ account: 'abcd12', password: 'secret123' }] }],
  ['wrong types', { body: { account: 12345, password: true, confirm_password: [], nickname: {}, adult: 'yes' } }],
  [
    'huge numbers',
    {
      headers: JSON_HEADERS,
      rawBody: '{"account": 1e400, "password": 123456789012345678901234567890, "adult": 1e309}',
    },
  ],
  [
    'overlong strings',
    { body: { account: LONG, password: LONG, confirm_password: LONG, nickname: LONG, adult: true } },
  ],
  ['unknown fields only', { body: { foo: 'bar', __proto__: { admin: true } } }],
  ['proto poisoning', { headers: JSON_HEADERS, rawBody: '{"__proto__": {"role": "operator"}, "account": "abcd12"}' }],
  [
    'form content type',
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'account=abcd12' },
  ],
  ['text/plain', { headers: { 'content-type': 'text/plain' }, rawBody: '{"account":"abcd12"}' }],
  ['xml', { headers: { 'content-type': 'application/xml' }, rawBody: '<account>abcd12</account>' }],
  ['too large', { body: { account: 'abcd12', password: 'y'.repeat(200_000) } }],
  ['invalid utf-8', { headers: JSON_HEADERS, rawBody: '{"account": "\udc00abc"}' }],
];

const POST_ENDPOINTS = ['/api/user/register', '/api/user/login', '/api/user/guest'];

async function snapshot() {
  return { users: await countRows(t.app, 'users'), sessions: await countRows(t.app, 'sessions') };
}

describe.each(POST_ENDPOINTS)('POST %s refuses bad input', (url) => {
  // For guest, a JSON null is the same as no body (fastify hands both to validation as null), so it is accepted.
  it.each(BAD_BODIES.filter(([label]) => !(url === '/api/user/guest' && label === 'null')))(
    '%s',
    async (label, opts) => {
      const before = await snapshot();
      const res = await call(t.app, 'POST', url, { ...opts, headers: { lang: 'en', ...opts.headers } });
      expectRefused(res, `${url} ${label}`);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('specific answers', () => {
  it('broken JSON is INVALID_JSON, wrong content type 415, too large 413', async () => {
    const broken = await call(t.app, 'POST', '/api/user/login', {
      headers: { ...JSON_HEADERS, lang: 'en' },
      rawBody: '{"a":',
    });
    expect(broken.body).toEqual({ code: 400, msg: 'The request is not valid JSON', data: null, error: 'INVALID_JSON' });
    const xml = await call(t.app, 'POST', '/api/user/login', {
      headers: { 'content-type': 'application/xml' },
      rawBody: '<a/>',
    });
    expect(xml.body).toMatchObject({ code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await call(t.app, 'POST', '/api/user/register', { body: { account: 'x'.repeat(100_000) } });
    expect(big.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('a missing body on register or login says REQUIRED_FIELDS', async () => {
    for (const url of ['/api/user/register', '/api/user/login']) {
      const empty = await call(t.app, 'POST', url, { headers: { lang: 'en' } });
      expect(empty.body).toEqual({
        code: 400,
        msg: 'Please complete all fields',
        data: null,
        error: 'REQUIRED_FIELDS',
      });
      const emptyJson = await call(t.app, 'POST', url, { headers: { ...JSON_HEADERS, lang: 'en' }, rawBody: '' });
      expect(emptyJson.body.error).toBe('REQUIRED_FIELDS');
    }
  });

  it('wrong field types name the field', async () => {
    const res = await call(t.app, 'POST', '/api/user/login', {
      headers: { lang: 'en' },
      body: { account: ['a'], password: 'secret123' },
    });
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', field: 'account', msg: 'Invalid input' });
  });

  it('an overlong login password is a format error, not a hash of 10k characters', async () => {
    const res = await call(t.app, 'POST', '/api/user/login', {
      headers: { lang: 'en' },
      body: { account: 'existing1', password: LONG },
    });
    expect(res.body).toMatchObject({ code: 400, error: 'LOGIN_PASSWORD_FORMAT', field: 'password' });
  });

  it('proto poisoning never reaches a handler', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', {
      headers: JSON_HEADERS,
      rawBody:
        '{"account":"abcd99","password":"abc123","confirm_password":"abc123","adult":true,"__proto__":{"role":"operator"}}',
    });
    expect(res.status).toBe(400);
  });
});

describe('GET endpoints and session endpoints ignore junk and never fail', () => {
  const GETS = ['/api/index/index', '/api/game/games', '/api/game/category', '/healthz', '/readyz'];

  it.each(GETS)('%s with junk query and headers', async (url) => {
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: `${url}?page=${LONG}&limit=1e400&games_id[]=1&__proto__[x]=1`, headers: {} },
      { url, headers: { lang: LONG, token: LONG } },
      { url, headers: { lang: '../../etc/passwd', token: '"; drop table users; --' } },
    ];
    for (const opts of cases) {
      const res = await call(t.app, 'GET', opts.url, { headers: opts.headers });
      expect(res.status, `${opts.url}`).toBe(200);
      expect(res.body.code).toBe(200);
    }
  });

  it.each([
    ['GET', '/api/user/index'],
    ['POST', '/api/user/logout'],
  ] as const)('%s %s with junk tokens answers 401', async (method, url) => {
    for (const bad of [LONG, '', ' ', "' or 1=1 --", '\u0000', 'null', token.slice(0, -1), `${token}x`]) {
      const res = await call(t.app, method, url, { headers: { token: bad, lang: 'en' } });
      expect(res.status, JSON.stringify(bad)).toBe(401);
      expect(res.body).toMatchObject({ code: 401, error: 'LOGIN_REQUIRED', msg: 'Please log in first' });
    }
  });

  it('logout with a body of junk still only needs a token', async () => {
    const res = await call(t.app, 'POST', '/api/user/logout', {
      headers: { ...JSON_HEADERS, lang: 'en' },
      rawBody: '{"x":',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('methods that do not exist are a 404 envelope', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/user/login', headers: { lang: 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
  });

  it('the existing session survived all of it', async () => {
    expect((await call(t.app, 'GET', '/api/user/index', { headers: { token } })).status).toBe(200);
  });
});
