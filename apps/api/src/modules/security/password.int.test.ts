import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_ACCOUNT: 'boss03', OPERATOR_PASSWORD: 'bossword1', LOGIN_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await t.close();
});

async function login(account: string, password: string) {
  return call(t.app, 'POST', '/api/user/login', { headers: { lang: 'en' }, body: { account, password } });
}

async function change(token: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/user/password', { headers: { token, lang: 'en' }, body });
}

async function profileStatus(token: string): Promise<number> {
  return (await call(t.app, 'GET', '/api/user/index', { headers: { token } })).status;
}

describe('POST /api/user/password', () => {
  it('refuses a wrong old password with OLD_PASSWORD_INCORRECT and changes nothing', async () => {
    const p = await registerPlayer(t.app);
    const other = (await login(p.account, p.password)).body.data as { token: string };
    const res = await change(p.token, { old_password: 'wrong123', password: 'newpass1', confirm_password: 'newpass1' });
    expect(res.body).toEqual({
      code: 400,
      msg: 'The old password is incorrect',
      data: null,
      error: 'OLD_PASSWORD_INCORRECT',
      field: 'old_password',
    });
    expect((await login(p.account, p.password)).status).toBe(200);
    expect((await login(p.account, 'newpass1')).status).toBe(400);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('refuses a new password outside the registration rule, and a mismatched confirmation', async () => {
    const p = await registerPlayer(t.app);
    for (const bad of ['abc12', 'abcdefghij123456', 'abc 123', 'pässword1']) {
      const res = await change(p.token, { old_password: p.password, password: bad, confirm_password: bad });
      expect(res.body, bad).toMatchObject({ code: 400, error: 'PASSWORD_FORMAT', field: 'password' });
    }
    const mismatch = await change(p.token, {
      old_password: p.password,
      password: 'newpass1',
      confirm_password: 'newpass2',
    });
    expect(mismatch.body).toMatchObject({
      code: 400,
      error: 'PASSWORDS_DO_NOT_MATCH',
      field: 'confirm_password',
      msg: 'Passwords do not match',
    });
    expect((await login(p.account, p.password)).status).toBe(200);
  });

  it('on success: old password fails, new works, other sessions get 401, the current one keeps working', async () => {
    const p = await registerPlayer(t.app);
    const other = (await login(p.account, p.password)).body.data as { token: string };
    const third = (await login(p.account, p.password)).body.data as { token: string };
    const someoneElse = await registerPlayer(t.app);
    expect(await profileStatus(other.token)).toBe(200);

    const res = await change(p.token, {
      old_password: p.password,
      password: 'Fresh2026',
      confirm_password: 'Fresh2026',
    });
    expect(res.body).toEqual({ code: 200, msg: 'success', data: null });

    expect(await profileStatus(p.token)).toBe(200);
    expect(await profileStatus(other.token)).toBe(401);
    expect(await profileStatus(third.token)).toBe(401);
    const gone = await call(t.app, 'GET', '/api/user/index', { headers: { token: other.token, lang: 'en' } });
    expect(gone.body).toMatchObject({ code: 401, error: 'LOGIN_REQUIRED' });
    // Another player's session is untouched.
    expect(await profileStatus(someoneElse.token)).toBe(200);

    expect((await login(p.account, p.password)).body).toMatchObject({ error: 'INCORRECT_CREDENTIALS' });
    expect((await login(p.account, 'Fresh2026')).status).toBe(200);

    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('wrong old passwords count against the login throttle (no way round it)', async () => {
    const p = await registerPlayer(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await change(p.token, {
        old_password: `nope${i}xx`,
        password: 'newpass1',
        confirm_password: 'newpass1',
      });
      expect(res.body.error).toBe('OLD_PASSWORD_INCORRECT');
    }
    const locked = await change(p.token, {
      old_password: p.password,
      password: 'newpass1',
      confirm_password: 'newpass1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: 'TOO_MANY_LOGIN_ATTEMPTS' });
    // The client counted is the session that guessed: the owner's sign-in is not locked by it.
    expect((await login(p.account, p.password)).status).toBe(200);
  });

  it('refuses guests with 403 DEMO_NOT_ALLOWED and no session with 401', async () => {
    const guest = await call(t.app, 'POST', '/api/user/guest');
    const token = (guest.body.data as { token: string }).token;
    const res = await change(token, { old_password: 'whatever1', password: 'newpass1', confirm_password: 'newpass1' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'DEMO_NOT_ALLOWED' });
    const none = await call(t.app, 'POST', '/api/user/password', {
      body: { old_password: 'whatever1', password: 'newpass1', confirm_password: 'newpass1' },
    });
    expect(none.status).toBe(401);
  });
});
