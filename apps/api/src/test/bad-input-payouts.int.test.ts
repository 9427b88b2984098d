import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, registerPlayer } from './helper.ts';
import { expectRefused, LONG, JSON_HEADERS } from './bad-input.ts';
import type { CallOptions, TestApp } from './helper.ts';

// docs/trust.md 33 for the calls of payout methods and passwords: bad input gives a 4xx with a machine key and a
// translated message, never a 5xx, and changes nothing.

let t: TestApp;
let token: string;
let account: string;
beforeAll(async () => {
  t = await buildTestApp();
  const p = await registerPlayer(t.app, 'badpayout1', 'secret123');
  token = p.token;
  account = p.account;
  // A fund password and one method exist, so a change or delete would show.
  expect(
    (
      await call(t.app, 'POST', '/api/user/fund_password', {
        headers: { token },
        body: { password: '123456', confirm_password: '123456' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call(t.app, 'POST', '/api/payout/add', {
        headers: { token },
        body: { type: 'pix', password: 'secret123', key: '123.456.789-09' },
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const DIGITS_LONG = '1'.repeat(5_000);

const BAD_BODIES: [string, CallOptions][] = [
  ['no body', {}],
  ['empty JSON body', { headers: JSON_HEADERS, rawBody: '' }],
  ['broken JSON', { headers: JSON_HEADERS, rawBody: '{"type": "pix",' }],
  ['not JSON at all', { headers: JSON_HEADERS, rawBody: 'type=pix&key=1' }],
  ['a JSON string', { body: 'hello' }],
  ['a JSON number', { body: 12345 }],
  ['null', { headers: JSON_HEADERS, rawBody: 'null' }],
  ['an array', { body: [{ type: 'pix', password: 'secret123', key: 'a@example.com', id: 1 }] }],
  ['empty object', { body: {} }],
  [
    'wrong types',
    {
      body: {
        type: 1,
        id: '1',
        password: 123456,
        confirm_password: [],
        old_password: {},
        key: ['a'],
        name: 1,
        card_number: 4111111111111111,
      },
    },
  ],
  ['huge numbers', { headers: JSON_HEADERS, rawBody: '{"id": 1e400, "password": 1e309, "type": 1e999}' }],
  [
    'overlong strings',
    {
      body: {
        type: LONG,
        id: LONG,
        password: DIGITS_LONG,
        confirm_password: DIGITS_LONG,
        old_password: DIGITS_LONG,
        key: LONG,
        name: LONG,
      },
    },
  ],
  ['unknown type', { body: { type: 'paypal', password: 'secret123', email: 'a@example.com' } }],
  ['type with wrong case', { body: { type: 'PIX', password: 'secret123', key: 'a@example.com' } }],
  ['proto poisoning', { headers: JSON_HEADERS, rawBody: '{"__proto__": {"type": "pix"}, "id": 1}' }],
  ['form content type', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'id=1' }],
  ['text/plain', { headers: { 'content-type': 'text/plain' }, rawBody: '{"id":1}' }],
  ['too large', { body: { type: 'pix', password: 'secret123', key: 'y'.repeat(200_000) } }],
  ['invalid utf-8', { headers: JSON_HEADERS, rawBody: '{"key": "\udc00abc"}' }],
];

const POSTS = ['/api/user/password', '/api/user/fund_password', '/api/payout/add', '/api/payout/delete'];

async function snapshot() {
  const user = await t.app.db
    .selectFrom('users')
    .select(['password_hash', 'fund_password_hash'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const count = async (table: 'payout_methods' | 'fund_password_attempts' | 'login_attempts' | 'users') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const active = await t.app.db.selectFrom('payout_methods').select('id').where('deleted_at', 'is', null).execute();
  const liveSessions = await t.app.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute();
  return {
    user,
    methods: await count('payout_methods'),
    active: active.length,
    attempts: await count('fund_password_attempts'),
    logins: await count('login_attempts'),
    users: await count('users'),
    liveSessions: liveSessions.length,
  };
}

describe.each(POSTS)('POST %s refuses bad input', (url) => {
  it.each(BAD_BODIES)('%s', async (label, opts) => {
    const before = await snapshot();
    const res = await call(t.app, 'POST', url, { ...opts, headers: { token, lang: 'en', ...opts.headers } });
    expectRefused(res, `${url} ${label}`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('endpoint-specific bad input', () => {
  const cases: [string, unknown][] = [
    ['/api/payout/delete', { id: 0 }],
    ['/api/payout/delete', { id: -1 }],
    ['/api/payout/delete', { id: 1.5 }],
    ['/api/payout/delete', { id: 9_007_199_254_740_991 }],
    ['/api/payout/delete', { id: 2_147_483_648 }],
    ['/api/payout/delete', { id: 1e20 }],
    ['/api/payout/delete', { id: null }],
    ['/api/payout/delete', { id: true }],
    ['/api/payout/add', { type: 'bank', password: 'secret123', name: 'A', bank_name: 'B' }],
    ['/api/payout/add', { type: 'bank', password: 'secret123', name: 'A', bank_name: 'B', card_number: '' }],
    [
      '/api/payout/add',
      { type: 'bank', password: 'secret123', name: LONG, bank_name: 'B', card_number: '4111111111111111' },
    ],
    [
      '/api/payout/add',
      { type: 'bank', password: 'secret123', name: 'A', bank_name: 'B', card_number: '4'.repeat(41) },
    ],
    [
      '/api/payout/add',
      { type: 'crypto', password: 'secret123', alias: 'w', coin: 'BTC', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    ],
    ['/api/payout/add', { type: 'crypto', password: 'secret123', alias: 'w', coin: 'USDT-TRC20', address: '' }],
    [
      '/api/payout/add',
      { type: 'crypto', password: 'secret123', alias: 'w', coin: 'USDT-TRC20', address: 'T'.repeat(101) },
    ],
    ['/api/payout/add', { type: 'pix', password: 'secret123', key: '\u0000' }],
    ['/api/payout/add', { type: 'pix', password: 'secret123', key: "' or 1=1 --" }],
    ['/api/payout/add', { type: 'pix', password: '', key: 'a@example.com' }],
    ['/api/payout/add', { type: 'pix', key: 'a@example.com' }],
    ['/api/user/fund_password', { password: 123456, confirm_password: 123456 }],
    ['/api/user/fund_password', { password: '654321', confirm_password: '654321' }],
    ['/api/user/fund_password', { password: '654321', confirm_password: '654321', old_password: 123456 }],
    ['/api/user/fund_password', { password: '654321', confirm_password: '654321', old_password: LONG }],
    ['/api/user/fund_password', { password: '654321' }],
    ['/api/user/password', { old_password: '', password: 'newpass1', confirm_password: 'newpass1' }],
    ['/api/user/password', { old_password: LONG, password: 'newpass1', confirm_password: 'newpass1' }],
    ['/api/user/password', { old_password: 'secret123', password: 'newpass1' }],
    ['/api/user/password', { old_password: 'secret123', password: 'newpass1', confirm_password: LONG }],
  ];
  it.each(cases)('%s %j', async (url, body) => {
    const before = await snapshot();
    const res = await call(t.app, 'POST', url, { headers: { token, lang: 'en' }, body });
    expectRefused(res, `${url} ${JSON.stringify(body).slice(0, 80)}`);
    expect(await snapshot()).toEqual(before);
  });

  it('an out-of-range id is PAYOUT_NOT_FOUND, not a database error', async () => {
    const res = await call(t.app, 'POST', '/api/payout/delete', {
      headers: { token, lang: 'en' },
      body: { id: 2_147_483_648 },
    });
    expect(res.body).toMatchObject({ code: 404, error: 'PAYOUT_NOT_FOUND' });
  });

  it('GET /api/payout/list ignores junk query and headers', async () => {
    for (const url of [`/api/payout/list?page=${LONG}&id[]=1&__proto__[x]=1`, '/api/payout/list?type=bank']) {
      const res = await call(t.app, 'GET', url, { headers: { token } });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
    }
  });

  it.each([['GET', '/api/payout/list'], ...POSTS.map((u) => ['POST', u] as const)] as const)(
    '%s %s with junk tokens answers 401 and never reads the body',
    async (method, url) => {
      for (const bad of [LONG, '', "' or 1=1 --", `${token}x`]) {
        const res = await call(t.app, method, url, {
          headers: { ...JSON_HEADERS, token: bad, lang: 'en' },
          ...(method === 'POST' ? { rawBody: '{"broken":' } : {}),
        });
        expect(res.status, JSON.stringify(bad).slice(0, 20)).toBe(401);
        expect(res.body).toMatchObject({ code: 401, error: 'LOGIN_REQUIRED' });
      }
    },
  );

  it('the player and their data survived all of it', async () => {
    expect((await call(t.app, 'GET', '/api/user/index', { headers: { token } })).body.data).toMatchObject({
      has_fund_password: true,
    });
    expect((await call(t.app, 'POST', '/api/user/login', { body: { account, password: 'secret123' } })).status).toBe(
      200,
    );
  });
});
