import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, newAccount, registerPlayer } from '../../test/helper.ts';
import { createOperator } from '../operators/operators.service.ts';
import type { TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_IP_MAX_FAILURES: '6',
    LOGIN_ACCOUNT_MAX_FAILURES: '5',
    LOGIN_LOCK_MINUTES: '10',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (account: string, password: string, ip: string) =>
  call(t.app, 'POST', '/api/user/login', { headers: { lang: 'en' }, body: { account, password }, ip });

/** The owner's inbox messages of kind login_blocked, in `lang`. */
async function lockMessages(token: string, lang = 'en') {
  const res = await call(t.app, 'GET', `${API.msgList}?page=1&limit=50`, { headers: { token, lang } });
  const list = (res.body.data as { list: { kind: string; title: string; body: string }[] }).list;
  return list.filter((m) => m.kind === 'login_blocked');
}

describe('failed-login throttling per account and client', () => {
  it('locks the client after LOGIN_MAX_FAILURES failures, even for the right password; the owner elsewhere signs in', async () => {
    const { account, password, token } = await registerPlayer(t.app);
    const attacker = '10.0.0.1';
    for (let i = 0; i < 3; i += 1) {
      const res = await login(account, 'wrongpass', attacker);
      expect(res.body.error).toBe('INCORRECT_CREDENTIALS');
    }
    const locked = await login(account, password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 429,
      msg: 'Too many failed logins. Try again in 10 min.',
      data: null,
      error: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
    // Case does not dodge the lock.
    expect((await login(account.toUpperCase(), password, attacker)).status).toBe(429);
    // Thai by default, with the minutes interpolated.
    const th = await call(t.app, 'POST', '/api/user/login', { body: { account, password }, ip: attacker });
    expect(th.body.msg).toBe('เข้าสู่ระบบผิดหลายครั้งเกินไป กรุณาลองใหม่ใน 10 นาที');
    // The owner, from his own client, is not locked out.
    expect((await login(account, password, '10.0.1.1')).status).toBe(200);
    // And he is told, once, with the attacker's IP and the time; no password in it.
    const [message, ...more] = await lockMessages(token);
    expect(more).toEqual([]);
    expect(message?.title).toBe('Failed sign-ins blocked');
    expect(message?.body).toContain('IP 10.0.0.1 at ');
    expect(message?.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(message?.body).not.toContain('wrongpass');
    const [thMessage] = await lockMessages(token, 'th');
    expect(thMessage?.title).toBe('ระงับการเข้าสู่ระบบที่ผิดพลาด');
    expect(thMessage?.body).toContain('10.0.0.1');
  });

  it('LOGIN_ACCOUNT_MAX_FAILURES failures from all clients together lock the account for everyone', async () => {
    const { account, password, token } = await registerPlayer(t.app);
    // Two failures from each of three IPs: no client reaches its own limit (3), the account's ceiling (5) is reached.
    const answers: (string | undefined)[] = [];
    for (const ip of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) {
      for (let i = 0; i < 2; i += 1) answers.push((await login(account, 'wrongpass', ip)).body.error as string);
    }
    expect(answers).toEqual([...Array<string>(5).fill('INCORRECT_CREDENTIALS'), 'TOO_MANY_LOGIN_ATTEMPTS']);
    expect((await login(account, password, '10.5.1.1')).status).toBe(429);
    expect(await lockMessages(token)).toHaveLength(1);
  });

  it('tells the owner at most once per lock window', async () => {
    const { account, token } = await registerPlayer(t.app);
    const start = t.app.clock();
    for (const ip of ['10.6.0.1', '10.6.0.2']) {
      for (let i = 0; i < 3; i += 1) await login(account, 'wrongpass', ip);
    }
    // Two clients locked out within one window: one message.
    expect(await lockMessages(token)).toHaveLength(1);
    // A window later, a new lock is told again.
    t.app.setClock(() => new Date(start.getTime() + 11 * 60_000));
    try {
      for (let i = 0; i < 3; i += 1) await login(account, 'wrongpass', '10.6.0.3');
      expect(await lockMessages(token)).toHaveLength(2);
    } finally {
      t.app.setClock(undefined);
    }
  });

  it("an operator's lock is also an audit entry (the console has no inbox); his own sign-in still works", async () => {
    const account = newAccount('op');
    await createOperator(t.app.db, account, 'opsecret123', t.app.clock());
    for (let i = 0; i < 3; i += 1) await login(account, 'wrongpass', '10.8.0.1');
    expect((await login(account, 'opsecret123', '10.8.0.2')).status).toBe(200);
    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_account', 'action', 'after'])
      .where('action', '=', 'login.blocked')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_account: 'system', after: { ip: '10.8.0.1' } });
  });

  it('unlocks when the lock ends', async () => {
    const { account, password } = await registerPlayer(t.app);
    for (let i = 0; i < 3; i += 1) await login(account, 'wrongpass', '10.1.0.1');
    expect((await login(account, password, '10.1.0.1')).status).toBe(429);
    // Move the lock and its window into the past, as if the time had passed.
    await t.app.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000), window_started_at: new Date(Date.now() - 11 * 60_000) })
      .where('scope', '=', 'client')
      .where('key', '=', `${account.toLowerCase()}\n10.1.0.1`)
      .execute();
    expect((await login(account, password, '10.1.0.1')).status).toBe(200);
  });

  it("a success resets the client's counter", async () => {
    const { account, password } = await registerPlayer(t.app);
    await login(account, 'wrongpass', '10.2.0.1');
    await login(account, 'wrongpass', '10.2.0.1');
    expect((await login(account, password, '10.2.0.1')).status).toBe(200);
    await login(account, 'wrongpass', '10.2.0.1');
    await login(account, 'wrongpass', '10.2.0.1');
    expect((await login(account, password, '10.2.0.1')).status).toBe(200);
  });

  it('counts unknown accounts too, so a lock reveals nothing', async () => {
    const ghost = newAccount('ghost');
    for (let i = 0; i < 3; i += 1) await login(ghost, 'wrongpass', '10.3.0.1');
    expect((await login(ghost, 'wrongpass', '10.3.0.1')).body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    for (let i = 0; i < 2; i += 1) await login(ghost, 'wrongpass', '10.3.0.2');
    expect((await login(ghost, 'wrongpass', '10.3.0.3')).body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
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
