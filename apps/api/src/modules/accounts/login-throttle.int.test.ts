import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, newAccount, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_IP_MAX_FAILURES: '6', LOGIN_LOCK_MINUTES: '10' });
});
afterAll(async () => {
  await t.close();
});

const login = (account: string, password: string, ip: string) =>
  call(t.app, 'POST', '/api/user/login', { headers: { lang: 'en' }, body: { account, password }, ip });

describe('failed-login throttling per account', () => {
  it('locks the account after LOGIN_MAX_FAILURES failures, even for the right password, from any IP', async () => {
    const { account, password } = await registerPlayer(t.app);
    for (let i = 0; i < 3; i += 1) {
      const res = await login(account, 'wrongpass', `10.0.0.${i + 1}`);
      expect(res.body.error).toBe('INCORRECT_CREDENTIALS');
    }
    const locked = await login(account, password, '10.0.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 429,
      msg: 'Too many failed logins. Try again in 10 minutes.',
      data: null,
      error: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
    // Case does not dodge the lock.
    expect((await login(account.toUpperCase(), password, '10.0.1.2')).status).toBe(429);
    // Thai by default, with the minutes interpolated.
    const th = await call(t.app, 'POST', '/api/user/login', { body: { account, password }, ip: '10.0.1.3' });
    expect(th.body.msg).toBe('เข้าสู่ระบบผิดหลายครั้งเกินไป กรุณาลองใหม่ใน 10 นาที');
  });

  it('unlocks when the lock ends', async () => {
    const { account, password } = await registerPlayer(t.app);
    for (let i = 0; i < 3; i += 1) await login(account, 'wrongpass', '10.1.0.1');
    expect((await login(account, password, '10.1.0.2')).status).toBe(429);
    // Move the lock and its window into the past, as if the time had passed.
    await t.app.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000), window_started_at: new Date(Date.now() - 11 * 60_000) })
      .where('scope', '=', 'account')
      .where('key', '=', account.toLowerCase())
      .execute();
    expect((await login(account, password, '10.1.0.2')).status).toBe(200);
  });

  it('a success resets the account counter', async () => {
    const { account, password } = await registerPlayer(t.app);
    await login(account, 'wrongpass', '10.2.0.1');
    await login(account, 'wrongpass', '10.2.0.1');
    expect((await login(account, password, '10.2.0.2')).status).toBe(200);
    await login(account, 'wrongpass', '10.2.0.3');
    await login(account, 'wrongpass', '10.2.0.3');
    expect((await login(account, password, '10.2.0.4')).status).toBe(200);
  });

  it('counts unknown accounts too, so a lock reveals nothing', async () => {
    const ghost = newAccount('ghost');
    for (let i = 0; i < 3; i += 1) await login(ghost, 'wrongpass', `10.3.0.${i + 1}`);
    expect((await login(ghost, 'wrongpass', '10.3.0.9')).body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  });
});

describe('failed-login throttling per IP', () => {
  it('locks an IP after LOGIN_IP_MAX_FAILURES failures across accounts, for every account', async () => {
    const ip = '192.0.2.77';
    const victim = await registerPlayer(t.app);
    for (let i = 0; i < 6; i += 1) {
      // Different accounts each time: the per-account limit never triggers, the per-IP one does.
      const res = await login(newAccount('spray'), 'wrongpass', ip);
      expect(res.body.error).toBe('INCORRECT_CREDENTIALS');
    }
    const blocked = await login(victim.account, victim.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    // Another IP is not affected.
    expect((await login(victim.account, victim.password, '192.0.2.78')).status).toBe(200);
  });
});
