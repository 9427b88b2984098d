import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session as sessionSchema, profile as profileSchema } from '@fairdraw/contract';
import { buildTestApp, call, countRows, newAccount, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { onPostgres } from '../../test/bets-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_ACCOUNT: 'boss01', OPERATOR_PASSWORD: 'bossword1' });
});
afterAll(async () => {
  await t.close();
});

describe('register', () => {
  it('creates a player, opens a session and answers {token, userInfo}', async () => {
    const account = newAccount('Reg');
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: { account, password: 'abc123', confirm_password: 'abc123', adult: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, msg: 'success' });
    const data = sessionSchema.parse(res.body.data);
    expect(data.userInfo).toMatchObject({
      account,
      nickname: account,
      is_guest: false,
      role: 'player',
      token: data.token,
    });
    expect(data.userInfo.avatar).toMatch(/^\/art\/avatars\/[1-8]\.svg$/);
    expect(data.token.length).toBeGreaterThanOrEqual(43);

    const me = await call(t.app, 'GET', '/api/user/index', { headers: { token: data.token } });
    expect(me.status).toBe(200);
    const p = profileSchema.parse(me.body.data);
    expect(p).toMatchObject({ account, nickname: account, is_guest: false, role: 'player' });
    expect(Math.abs(p.created_at - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a given nickname', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: {
        account: newAccount(),
        password: 'abc123',
        confirm_password: 'abc123',
        nickname: 'Lucky Ann',
        adult: true,
      },
    });
    expect((res.body.data as { userInfo: { nickname: string } }).userInfo.nickname).toBe('Lucky Ann');
  });

  it('refuses a taken account whatever its case, with 409 ACCOUNT_TAKEN', async () => {
    const { account } = await registerPlayer(t.app, newAccount('dup'));
    const users = await countRows(t.app, 'users');
    const res = await call(t.app, 'POST', '/api/user/register', {
      headers: { lang: 'en' },
      body: { account: account.toUpperCase(), password: 'abc123', confirm_password: 'abc123', adult: true },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 409,
      msg: 'This account is already taken',
      data: null,
      error: 'ACCOUNT_TAKEN',
      field: 'account',
    });
    expect(await countRows(t.app, 'users')).toBe(users);
  });

  it('of two registrations of one account at once, exactly one wins', async () => {
    const account = newAccount('race');
    const body = { account, password: 'abc123', confirm_password: 'abc123', adult: true };
    const results = await Promise.all(
      [account, account.toUpperCase(), account].map((a) =>
        call(t.app, 'POST', '/api/user/register', { body: { ...body, account: a } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuses different passwords with PASSWORDS_DO_NOT_MATCH on confirm_password', async () => {
    const users = await countRows(t.app, 'users');
    const res = await call(t.app, 'POST', '/api/user/register', {
      headers: { lang: 'en' },
      body: { account: newAccount(), password: 'abc123', confirm_password: 'abc124', adult: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      msg: 'Passwords do not match',
      data: null,
      error: 'PASSWORDS_DO_NOT_MATCH',
      field: 'confirm_password',
    });
    expect(await countRows(t.app, 'users')).toBe(users);
  });

  it.each([
    [{ account: 'ab', password: 'abc123', confirm_password: 'abc123', adult: true }, 'ACCOUNT_FORMAT', 'account'],
    [{ account: 'abcd12', password: 'abc', confirm_password: 'abc', adult: true }, 'PASSWORD_FORMAT', 'password'],
    [{ account: 'abcd12', password: 'abc123', confirm_password: 'abc123', adult: false }, 'ADULT_REQUIRED', 'adult'],
    [{ account: 'abcd12', password: 'abc123', confirm_password: 'abc123' }, 'ADULT_REQUIRED', 'adult'],
    [{ password: 'abc123', confirm_password: 'abc123', adult: true }, 'REQUIRED_FIELDS', 'account'],
    [
      { account: 'abcd12', password: 'abc123', confirm_password: 'abc123', nickname: '', adult: true },
      'NICKNAME_FORMAT',
      'nickname',
    ],
  ])('validation: %j → %s on %s', async (body, key, field) => {
    const res = await call(t.app, 'POST', '/api/user/register', { headers: { lang: 'en' }, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, error: key, field });
    expect(typeof res.body.msg).toBe('string');
    expect(res.body.msg).not.toBe(key);
  });

  it('stores the password as argon2id m=19456,t=2,p=1', async () => {
    const { account } = await registerPlayer(t.app);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('secret123');
  });
});

describe('login', () => {
  it('logs in with the right password, case-insensitively, with a new token each time', async () => {
    const { account, password, token: first } = await registerPlayer(t.app);
    const a = await call(t.app, 'POST', '/api/user/login', { body: { account: account.toUpperCase(), password } });
    const b = await call(t.app, 'POST', '/api/user/login', { body: { account, password } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const ta = sessionSchema.parse(a.body.data).token;
    const tb = sessionSchema.parse(b.body.data).token;
    expect(new Set([first, ta, tb]).size).toBe(3);
    expect(sessionSchema.parse(a.body.data).userInfo.account).toBe(account);
  });

  it('answers the same for a wrong password and an unknown account, translated', async () => {
    const { account } = await registerPlayer(t.app);
    const wrong = await call(t.app, 'POST', '/api/user/login', {
      headers: { lang: 'en' },
      body: { account, password: 'nope1234' },
    });
    const unknown = await call(t.app, 'POST', '/api/user/login', {
      headers: { lang: 'en' },
      body: { account: newAccount('ghost'), password: 'nope1234' },
    });
    const expected = { code: 400, msg: 'Incorrect account or password!', data: null, error: 'INCORRECT_CREDENTIALS' };
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(expected);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(expected);
  });

  // On PostgreSQL only: on the embedded database a login's query is this process's CPU too, as much as the hash's
  // (lib/passwords.test.ts checks the hash's work alone, on both).
  it.runIf(onPostgres)('takes about as much work for an unknown account as for a wrong password', async () => {
    const { account } = await registerPlayer(t.app);
    // The work a login costs, as this process's CPU time (argon2 runs on its thread pool), not the wall clock: a busy
    // machine (CI runs the fairness statistics beside this tier) moves the wall clock of one login, not its work.
    const time = async (acc: string) => {
      const start = process.cpuUsage();
      await call(t.app, 'POST', '/api/user/login', { body: { account: acc, password: 'wrongpass' } });
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(account));
      unknown.push(await time(newAccount('nobody')));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2] ?? 0;
    // Both verify one argon2 hash; without the dummy hash the unknown account costs a third of the known one's work.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
  });

  it('translates by lang: Thai by default and for unknown languages', async () => {
    const thai = { msg: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง!', error: 'INCORRECT_CREDENTIALS' };
    const body = { account: newAccount('x'), password: 'wrongpass' };
    for (const headers of [{}, { lang: 'th' }, { lang: 'klingon' }, { lang: '' }] as Record<string, string>[]) {
      const res = await call(t.app, 'POST', '/api/user/login', { headers, body });
      expect(res.body).toMatchObject(thai);
    }
    const zh = await call(t.app, 'POST', '/api/user/login', { headers: { lang: 'ZH-CN' }, body });
    expect(zh.body.msg).not.toBe(thai.msg);
    expect(zh.body.error).toBe('INCORRECT_CREDENTIALS');
  });

  it('logs in the seeded operator with role operator', async () => {
    const res = await call(t.app, 'POST', '/api/user/login', { body: { account: 'boss01', password: 'bossword1' } });
    expect(res.status).toBe(200);
    expect(sessionSchema.parse(res.body.data).userInfo.role).toBe('operator');
  });
});

describe('guest', () => {
  it('creates a guest with a session', async () => {
    const res = await call(t.app, 'POST', '/api/user/guest');
    expect(res.status).toBe(200);
    const data = sessionSchema.parse(res.body.data);
    expect(data.userInfo).toMatchObject({ is_guest: true, role: 'guest', nickname: 'Guest' });
    expect(data.userInfo.account).toMatch(/^guest[0-9a-f]{14}$/);
    const me = await call(t.app, 'GET', '/api/user/index', { headers: { token: data.token } });
    expect(me.body.data).toMatchObject({ is_guest: true, role: 'guest' });
  });

  it('also accepts an empty JSON body or {}', async () => {
    const a = await call(t.app, 'POST', '/api/user/guest', {
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    const b = await call(t.app, 'POST', '/api/user/guest', { body: {} });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
  });

  it('cannot be logged into with a password', async () => {
    const res = await call(t.app, 'POST', '/api/user/guest');
    const account = sessionSchema.parse(res.body.data).userInfo.account;
    const login = await call(t.app, 'POST', '/api/user/login', { body: { account, password: 'anything' } });
    expect(login.body.error).toBe('INCORRECT_CREDENTIALS');
  });
});

describe('sessions', () => {
  const expect401 = (res: Awaited<ReturnType<typeof call>>, msg = 'Please log in first') => {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg, data: null, error: 'LOGIN_REQUIRED' });
  };

  it('answers 401 without a token, with a bad token, with an overlong token', async () => {
    expect401(await call(t.app, 'GET', '/api/user/index', { headers: { lang: 'en' } }));
    expect401(await call(t.app, 'GET', '/api/user/index', { headers: { lang: 'en', token: 'not-a-token' } }));
    expect401(await call(t.app, 'GET', '/api/user/index', { headers: { lang: 'en', token: 'x'.repeat(10_000) } }));
    expect401(await call(t.app, 'POST', '/api/user/logout', { headers: { lang: 'en' } }));
    expect401(await call(t.app, 'GET', '/api/user/index'), 'กรุณาเข้าสู่ระบบก่อน');
  });

  it('logout revokes the token; other sessions stay', async () => {
    const { account, password, token } = await registerPlayer(t.app);
    const other = sessionSchema.parse(
      (await call(t.app, 'POST', '/api/user/login', { body: { account, password } })).body.data,
    ).token;
    const out = await call(t.app, 'POST', '/api/user/logout', { headers: { token } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 200, msg: 'success', data: null });
    expect401(await call(t.app, 'GET', '/api/user/index', { headers: { token, lang: 'en' } }));
    expect401(await call(t.app, 'POST', '/api/user/logout', { headers: { token, lang: 'en' } }));
    expect((await call(t.app, 'GET', '/api/user/index', { headers: { token: other } })).status).toBe(200);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('an expired token gets 401', async () => {
    const { token } = await registerPlayer(t.app);
    const hash = createHash('sha256').update(token).digest('hex');
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hash)
      .execute();
    expect401(await call(t.app, 'GET', '/api/user/index', { headers: { token, lang: 'en' } }));
  });

  it('sessions expire after SESSION_TTL_HOURS', async () => {
    const { token } = await registerPlayer(t.app);
    const hash = createHash('sha256').update(token).digest('hex');
    const row = await t.app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    const hours = (row.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(719.9);
    expect(hours).toBeLessThanOrEqual(720);
  });

  it('stores tokens only as their sha256', async () => {
    const { token } = await registerPlayer(t.app);
    const rows = await t.app.db.selectFrom('sessions').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    for (const r of rows) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
