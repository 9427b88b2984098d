import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { guestToken, operatorToken } from '../../test/money-helper.ts';

let t: TestApp;
let now = new Date('2026-11-26T03:00:00.000Z');
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '10' }, { now });
  t.app.setClock(() => now);
});
afterAll(async () => {
  await t.close();
});

/** The next time step: a new code (a code is accepted once). */
const nextStep = () => {
  now = new Date(now.getTime() + 30_000);
};
const codeAt = (secret: string, at = now) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

const post = (url: string, token: string | undefined, body: unknown, ip?: string) =>
  call(t.app, 'POST', url, { headers: { lang: 'en', ...(token ? { token } : {}) }, body, ...(ip ? { ip } : {}) });
const login = (account: string, password: string, ip?: string) => post(API.login, undefined, { account, password }, ip);
const secondStep = (challenge: string, code: string, ip?: string) =>
  post(API.loginTwoFactor, undefined, { challenge, code }, ip);

/** A player (or the account given) with two-step verification on: his secret and recovery codes. */
async function enrolled(given?: { token: string; account: string; password: string }) {
  const p = given ?? (await registerPlayer(t.app));
  const setup = await post(API.twoFactorSetup, p.token, { password: p.password });
  expect(setup.status, setup.text).toBe(200);
  const { secret, uri } = setup.body.data as { secret: string; uri: string };
  const on = await post(API.twoFactorEnable, p.token, { code: codeAt(secret) });
  expect(on.status, on.text).toBe(200);
  nextStep();
  return { ...p, secret, uri, recovery: (on.body.data as { recovery_codes: string[] }).recovery_codes };
}

const userIdOf = async (account: string) =>
  (await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

async function challengeOf(account: string, password: string, ip?: string): Promise<string> {
  const res = await login(account, password, ip);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ two_factor_required: true });
  expect(res.body.data).not.toHaveProperty('token');
  return (res.body.data as { challenge: string }).challenge;
}

describe('enrolling', () => {
  it('gives a key with its otpauth:// URI, turns on with its first code only, and answers ten recovery codes once', async () => {
    const p = await registerPlayer(t.app);
    const setup = await post(API.twoFactorSetup, p.token, { password: p.password });
    const { secret, uri } = setup.body.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Fairdraw:${p.account}?issuer=Fairdraw&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Not on until confirmed: the login still opens a session.
    expect((await login(p.account, p.password)).body.data).toHaveProperty('token');
    const wrong = await post(API.twoFactorEnable, p.token, { code: codeAt(secret, new Date(now.getTime() - 600_000)) });
    expect(wrong.body).toMatchObject({ code: 400, error: 'TWO_FACTOR_CODE_INCORRECT', field: 'code' });
    const bad = await post(API.twoFactorEnable, p.token, { code: '12ab' });
    expect(bad.body).toMatchObject({ code: 400, error: 'TWO_FACTOR_CODE_FORMAT', field: 'code' });
    const on = await post(API.twoFactorEnable, p.token, { code: codeAt(secret) });
    expect(on.status, on.text).toBe(200);
    const codes = (on.body.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const state = await call(t.app, 'GET', API.twoFactor, { headers: { token: p.token } });
    expect(state.body.data).toEqual({ enabled: true, recovery_codes_left: 10 });
    // On: a second set-up or confirmation is refused.
    expect((await post(API.twoFactorSetup, p.token, { password: p.password })).body.error).toBe(
      'TWO_FACTOR_ALREADY_ENABLED',
    );
    expect((await post(API.twoFactorEnable, p.token, { code: '123456' })).body.error).toBe(
      'TWO_FACTOR_ALREADY_ENABLED',
    );
    // What the database holds gives neither the key nor the codes.
    const dump = JSON.stringify([
      await t.app.db.selectFrom('user_totp').selectAll().execute(),
      await t.app.db.selectFrom('user_recovery_codes').selectAll().execute(),
    ]);
    expect(dump).not.toContain(secret);
    for (const c of codes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace('-', ''));
    }
  });

  it('confirming before a set-up is refused; guests and strangers are refused', async () => {
    const p = await registerPlayer(t.app);
    expect((await post(API.twoFactorEnable, p.token, { code: '123456' })).body.error).toBe('TWO_FACTOR_NOT_STARTED');
    expect((await post(API.twoFactorDisable, p.token, { code: '123456' })).body.error).toBe('TWO_FACTOR_NOT_ENABLED');
    const guest = await guestToken(t.app);
    expect((await post(API.twoFactorSetup, guest, { password: 'x' })).body).toMatchObject({
      code: 403,
      error: 'DEMO_NOT_ALLOWED',
    });
    expect((await post(API.twoFactorSetup, undefined, { password: 'x' })).status).toBe(401);
  });

  it('setting up needs the login password; wrong ones count on the session like every re-check and lock it', async () => {
    const p = await registerPlayer(t.app);
    // A session alone (a stolen one) gets no key.
    const none = await post(API.twoFactorSetup, p.token, {});
    expect(none.status).toBe(400);
    expect(
      await t.app.db
        .selectFrom('user_totp')
        .select('user_id')
        .where('user_id', '=', await userIdOf(p.account))
        .execute(),
    ).toEqual([]);
    for (const lang of ['en', 'th']) {
      const wrong = await call(t.app, 'POST', API.twoFactorSetup, {
        headers: { lang, token: p.token },
        body: { password: 'not-his-1' },
      });
      expect(wrong.body).toMatchObject({ code: 400, error: 'PASSWORD_INCORRECT', field: 'password' });
      expect(wrong.body.msg).toBe(lang === 'en' ? 'Incorrect password' : 'รหัสผ่านไม่ถูกต้อง');
    }
    expect(
      await t.app.db
        .selectFrom('user_totp')
        .select('user_id')
        .where('user_id', '=', await userIdOf(p.account))
        .execute(),
    ).toEqual([]);
    // The third wrong password (LOGIN_MAX_FAILURES 3) locks this session's re-checks, the right password included…
    expect((await post(API.twoFactorSetup, p.token, { password: 'not-his-2' })).body.error).toBe('PASSWORD_INCORRECT');
    expect((await post(API.twoFactorSetup, p.token, { password: p.password })).body.error).toBe(
      'TOO_MANY_LOGIN_ATTEMPTS',
    );
    // …not the owner's sign-in; a new session with the password sets up.
    const fresh = await login(p.account, p.password);
    const token = (fresh.body.data as { token: string }).token;
    const ok = await post(API.twoFactorSetup, token, { password: p.password });
    expect(ok.status, ok.text).toBe(200);
    expect((await call(t.app, 'GET', API.twoFactor)).status).toBe(401);
  });
});

describe('signing in with two-step verification on', () => {
  it('asks for the code after the password; the right code opens a session, once', async () => {
    const p = await enrolled();
    const challenge = await challengeOf(p.account, p.password);
    const wrong = await secondStep(challenge, codeAt(p.secret, new Date(now.getTime() - 600_000)));
    expect(wrong.body).toMatchObject({ code: 400, error: 'TWO_FACTOR_CODE_INCORRECT', field: 'code' });
    const code = codeAt(p.secret);
    const ok = await secondStep(challenge, code);
    expect(ok.status, ok.text).toBe(200);
    const token = (ok.body.data as { token: string }).token;
    expect((await call(t.app, 'GET', API.profile, { headers: { token } })).status).toBe(200);
    // The challenge is used: once.
    expect((await secondStep(challenge, codeAt(p.secret))).body.error).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    // The same code, within its window, on a new challenge: refused (replay).
    const again = await challengeOf(p.account, p.password);
    expect((await secondStep(again, code)).body.error).toBe('TWO_FACTOR_CODE_INCORRECT');
    nextStep();
    expect((await secondStep(again, codeAt(p.secret))).status).toBe(200);
  });

  it('the challenge lasts five minutes', async () => {
    const p = await enrolled();
    const challenge = await challengeOf(p.account, p.password);
    now = new Date(now.getTime() + 5 * 60_000);
    const late = await secondStep(challenge, codeAt(p.secret));
    expect(late.body).toMatchObject({ code: 400, error: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    expect((await secondStep('not-a-challenge', codeAt(p.secret))).body.error).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('a recovery code signs in once', async () => {
    const p = await enrolled();
    const [first] = p.recovery;
    const ok = await secondStep(await challengeOf(p.account, p.password), first!.toUpperCase());
    expect(ok.status, ok.text).toBe(200);
    const reused = await secondStep(await challengeOf(p.account, p.password), first!);
    expect(reused.body.error).toBe('TWO_FACTOR_CODE_INCORRECT');
    const state = await call(t.app, 'GET', API.twoFactor, { headers: { token: p.token } });
    expect(state.body.data).toEqual({ enabled: true, recovery_codes_left: 9 });
  });

  it('wrong codes are throttled like passwords; signing in again with the password does not reset them', async () => {
    const p = await enrolled();
    const ip = '10.77.0.1';
    for (let i = 0; i < 3; i += 1) {
      const challenge = await challengeOf(p.account, p.password, ip);
      expect((await secondStep(challenge, '000000', ip)).body.error).toBe('TWO_FACTOR_CODE_INCORRECT');
    }
    // That client is locked out of the account, the password and the right code included.
    expect((await login(p.account, p.password, ip)).body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    // The owner, elsewhere, signs in; and he is told.
    const challenge = await challengeOf(p.account, p.password, '10.77.0.2');
    expect((await secondStep(challenge, codeAt(p.secret), '10.77.0.2')).status).toBe(200);
    const inbox = await call(t.app, 'GET', `${API.msgList}?page=1&limit=10`, { headers: { token: p.token } });
    expect((inbox.body.data as { list: { kind: string }[] }).list.map((m) => m.kind)).toContain('login_blocked');
  });
});

describe('turning it off', () => {
  it('needs a current code; afterwards the password alone signs in', async () => {
    const p = await enrolled();
    const wrong = await post(API.twoFactorDisable, p.token, {
      code: codeAt(p.secret, new Date(now.getTime() - 600_000)),
    });
    expect(wrong.body).toMatchObject({ code: 400, error: 'TWO_FACTOR_CODE_INCORRECT', field: 'code' });
    expect((await post(API.twoFactorDisable, p.token, { code: codeAt(p.secret) })).status).toBe(200);
    expect((await login(p.account, p.password)).body.data).toHaveProperty('token');
    const state = await call(t.app, 'GET', API.twoFactor, { headers: { token: p.token } });
    expect(state.body.data).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it("an operator's enrolment and its end are audited, and his login then needs the code", async () => {
    const account = `op2fa${Date.now() % 100000}`;
    const op = await operatorToken(t.app, account);
    const p = await enrolled({ token: op, account, password: 'opsecret123' });
    const challenge = await challengeOf(account, 'opsecret123');
    expect((await secondStep(challenge, codeAt(p.secret))).status).toBe(200);
    nextStep();
    expect((await post(API.twoFactorDisable, op, { code: codeAt(p.secret) })).status).toBe(200);
    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_account'])
      .where('action', 'like', 'two_factor.%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'two_factor.enable', actor_account: account },
      { action: 'two_factor.disable', actor_account: account },
    ]);
  });
});

describe("an operator removes a lost phone's two-step verification", () => {
  const remove = (token: string | undefined, body: unknown, lang = 'en') =>
    call(t.app, 'POST', API.adminPlayersRemoveTwoFactor, { headers: { lang, ...(token ? { token } : {}) }, body });

  it("removes a player's, with a reason, audited, in one go: his sessions end and his inbox says so", async () => {
    const op = await operatorToken(t.app);
    const p = await enrolled();
    const id = await userIdOf(p.account);
    const other = await challengeOf(p.account, p.password);
    const second = (await secondStep(other, codeAt(p.secret))).body.data as { token: string };
    nextStep();
    // The reason is required; players and guests are refused; nothing changes.
    expect((await remove(op, { id, reason: ' ' })).body.error).toBe('REASON_REQUIRED');
    expect((await remove(p.token, { id, reason: 'lost phone' })).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const guest = await guestToken(t.app);
    expect((await remove(guest, { id, reason: 'lost phone' })).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    expect((await remove(undefined, { id, reason: 'lost phone' })).status).toBe(401);
    expect((await remove(op, { id: 2_147_483_646, reason: 'lost phone' })).body.error).toBe('PLAYER_NOT_FOUND');
    const detailBefore = await call(t.app, 'GET', `${API.adminPlayersDetail}?id=${id}`, { headers: { token: op } });
    expect(detailBefore.body.data).toMatchObject({ two_factor: true });

    const res = await remove(op, { id, reason: 'lost phone, identity checked by video call' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ sessions_ended: 2 });
    // Off: the password alone signs in; the key and the codes are gone; both sessions ended.
    expect(await t.app.db.selectFrom('user_totp').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
    expect(
      await t.app.db.selectFrom('user_recovery_codes').select('user_id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    for (const token of [p.token, second.token]) {
      expect((await call(t.app, 'GET', API.profile, { headers: { token } })).status).toBe(401);
    }
    const fresh = await login(p.account, p.password);
    expect(fresh.body.data).toHaveProperty('token');
    const token = (fresh.body.data as { token: string }).token;
    // Audited with before and after.
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'before', 'after'])
      .where('action', '=', 'player.remove_two_factor')
      .execute();
    expect(audit).toEqual([
      {
        action: 'player.remove_two_factor',
        target: `user:${id}`,
        before: { two_factor: true, recovery_codes_left: 10 },
        after: { two_factor: false, reason: 'lost phone, identity checked by video call', sessions_ended: 2 },
      },
    ]);
    // Told, in his language.
    for (const [lang, title] of [
      ['en', 'Two-step verification removed'],
      ['th', 'ลบการยืนยันสองขั้นตอนแล้ว'],
    ] as const) {
      const inbox = await call(t.app, 'GET', `${API.msgList}?page=1&limit=10`, { headers: { token, lang } });
      const list = (inbox.body.data as { list: { kind: string; title: string; body: string }[] }).list;
      const told = list.find((m) => m.kind === 'two_factor_removed');
      expect(told?.title).toBe(title);
      expect(told?.body).toContain('2026-');
    }
    // Already off: 409; the detail says off.
    expect((await remove(op, { id, reason: 'again' })).body).toMatchObject({
      code: 409,
      error: 'TWO_FACTOR_NOT_ENABLED',
    });
    const detail = await call(t.app, 'GET', `${API.adminPlayersDetail}?id=${id}`, { headers: { token: op } });
    expect(detail.body.data).toMatchObject({ two_factor: false });
  });

  it("removes another operator's, but never the operator's own (he turns it off with a code)", async () => {
    const op = await operatorToken(t.app);
    const account = `op2rm${Date.now() % 100000}`;
    const other = await operatorToken(t.app, account);
    const enrolledOp = await enrolled({ token: other, account, password: 'opsecret123' });
    const otherId = await userIdOf(account);
    const own = await remove(other, { id: otherId, reason: 'mine' }, 'th');
    expect(own.body).toMatchObject({ code: 403, error: 'TWO_FACTOR_REMOVE_OWN' });
    expect(own.body.msg).toBe('ไม่สามารถลบการยืนยันสองขั้นตอนของบัญชีตนเองที่นี่ได้ ให้ปิดด้วยรหัสยืนยัน');
    expect(
      await t.app.db.selectFrom('user_totp').select('user_id').where('user_id', '=', otherId).execute(),
    ).toHaveLength(1);
    expect((await remove(op, { id: otherId, reason: 'lost phone' })).status).toBe(200);
    expect((await call(t.app, 'GET', API.twoFactor, { headers: { token: other } })).status).toBe(401);
    expect((await login(account, 'opsecret123')).body.data).toHaveProperty('token');
    expect(enrolledOp.secret).toBeTruthy();
  });
});
