import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profile as profileSchema } from '@fairdraw/contract';
import { AppError } from '../../lib/app-error.ts';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { hasFundPassword, verifyFundPassword } from './fund-password.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_ACCOUNT: 'boss02', OPERATOR_PASSWORD: 'bossword1' });
});
afterAll(async () => {
  await t.close();
});

const en = (token: string) => ({ token, lang: 'en' });

async function setFund(token: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/user/fund_password', { headers: en(token), body });
}

async function userId(account: string): Promise<number> {
  const row = await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

async function storedHash(account: string): Promise<string | null> {
  const row = await t.app.db
    .selectFrom('users')
    .select('fund_password_hash')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.fund_password_hash;
}

async function profileOf(token: string) {
  const res = await call(t.app, 'GET', '/api/user/index', { headers: { token } });
  expect(res.status).toBe(200);
  return profileSchema.parse(res.body.data);
}

/** The AppError a promise rejects with. */
async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('POST /api/user/fund_password', () => {
  it.each(['12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦', ''])(
    'refuses %j with the exact spec message',
    async (password) => {
      const p = await registerPlayer(t.app);
      const res = await setFund(p.token, { password, confirm_password: password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error: 'FUND_PASSWORD_FORMAT' });
      expect(res.body.msg).toBe('Password must be 6 digits!');
      expect(res.body.field).toBe('password');
      expect(await storedHash(p.account)).toBeNull();
    },
  );

  it('refuses a confirmation that differs: "Passwords do not match"', async () => {
    const p = await registerPlayer(t.app);
    const res = await setFund(p.token, { password: '123456', confirm_password: '123457' });
    expect(res.body).toEqual({
      code: 400,
      msg: 'Passwords do not match',
      data: null,
      error: 'PASSWORDS_DO_NOT_MATCH',
      field: 'confirm_password',
    });
    expect(await storedHash(p.account)).toBeNull();
  });

  it('sets it: has_fund_password turns true; stored as argon2id m=19456,t=2,p=1, not the digits', async () => {
    const p = await registerPlayer(t.app);
    expect((await profileOf(p.token)).has_fund_password).toBe(false);
    expect(await hasFundPassword(t.app.db, await userId(p.account))).toBe(false);

    const res = await setFund(p.token, { password: '246810', confirm_password: '246810' });
    expect(res.body).toEqual({ code: 200, msg: 'success', data: null });

    expect((await profileOf(p.token)).has_fund_password).toBe(true);
    expect(await hasFundPassword(t.app.db, await userId(p.account))).toBe(true);
    const hash = await storedHash(p.account);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('246810');
    // The login password is untouched and different.
    const user = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).not.toBe(hash);
  });

  it('changing it needs the right old one', async () => {
    const p = await registerPlayer(t.app);
    const id = await userId(p.account);
    await setFund(p.token, { password: '111111', confirm_password: '111111' });
    const first = await storedHash(p.account);

    const missing = await setFund(p.token, { password: '222222', confirm_password: '222222' });
    expect(missing.body).toMatchObject({ code: 400, error: 'REQUIRED_FIELDS', field: 'old_password' });

    const wrong = await setFund(p.token, { password: '222222', confirm_password: '222222', old_password: '999999' });
    expect(wrong.body).toMatchObject({
      code: 400,
      error: 'OLD_PASSWORD_INCORRECT',
      field: 'old_password',
      msg: 'The old password is incorrect',
    });
    expect(await storedHash(p.account)).toBe(first);

    const ok = await setFund(p.token, { password: '222222', confirm_password: '222222', old_password: '111111' });
    expect(ok.status).toBe(200);
    expect(await storedHash(p.account)).not.toBe(first);
    await expect(verifyFundPassword(t.app.db, id, '222222', new Date(), t.config)).resolves.toBeUndefined();
    expect((await appError(verifyFundPassword(t.app.db, id, '111111', new Date(), t.config))).key).toBe(
      'FUND_PASSWORD_INCORRECT',
    );
  });

  it('wrong old passwords count toward the same lock as withdrawals', async () => {
    const p = await registerPlayer(t.app);
    await setFund(p.token, { password: '111111', confirm_password: '111111' });
    for (let i = 0; i < 4; i++) {
      const res = await setFund(p.token, { password: '222222', confirm_password: '222222', old_password: '000000' });
      expect(res.body).toMatchObject({ error: 'OLD_PASSWORD_INCORRECT' });
    }
    const fifth = await setFund(p.token, { password: '222222', confirm_password: '222222', old_password: '000000' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 429, error: 'FUND_PASSWORD_LOCKED' });
    const right = await setFund(p.token, { password: '222222', confirm_password: '222222', old_password: '111111' });
    expect(right.status).toBe(429);
    expect(
      (await appError(verifyFundPassword(t.app.db, await userId(p.account), '111111', new Date(), t.config))).key,
    ).toBe('FUND_PASSWORD_LOCKED');
  });

  it('refuses guests (403 DEMO_NOT_ALLOWED), operators (403) and no session (401)', async () => {
    const guest = await call(t.app, 'POST', '/api/user/guest');
    const guestToken = (guest.body.data as { token: string }).token;
    const g = await setFund(guestToken, { password: '123456', confirm_password: '123456' });
    expect(g.status).toBe(403);
    expect(g.body).toMatchObject({ code: 403, error: 'DEMO_NOT_ALLOWED' });
    expect((await profileOf(guestToken)).has_fund_password).toBe(false);

    const login = await call(t.app, 'POST', '/api/user/login', { body: { account: 'boss02', password: 'bossword1' } });
    const opToken = (login.body.data as { token: string }).token;
    const op = await setFund(opToken, { password: '123456', confirm_password: '123456' });
    expect(op.body).toMatchObject({ code: 403, error: 'FORBIDDEN' });

    const none = await call(t.app, 'POST', '/api/user/fund_password', {
      body: { password: '123456', confirm_password: '123456' },
    });
    expect(none.status).toBe(401);
  });
});

describe('verifyFundPassword (for withdrawals)', () => {
  const settings = { fundPasswordMaxFailures: 5, fundPasswordLockMinutes: 30 };

  it('answers FUND_PASSWORD_NOT_SET when none is set', async () => {
    const p = await registerPlayer(t.app);
    const err = await appError(verifyFundPassword(t.app.db, await userId(p.account), '123456', new Date(), settings));
    expect(err.key).toBe('FUND_PASSWORD_NOT_SET');
    expect(err.statusCode).toBe(400);
  });

  it('5 wrong → locked for 30 minutes, the right one refused until the lock ends, then accepted', async () => {
    const p = await registerPlayer(t.app);
    const id = await userId(p.account);
    await setFund(p.token, { password: '135790', confirm_password: '135790' });
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

    for (let i = 1; i <= 4; i++) {
      const err = await appError(verifyFundPassword(t.app.db, id, '000000', at(i), settings));
      expect(err.key).toBe('FUND_PASSWORD_INCORRECT');
      expect(err.field).toBe('fund_password');
      expect(err.params).toEqual({ remaining: 5 - i });
    }
    const fifth = await appError(verifyFundPassword(t.app.db, id, '000000', at(5), settings));
    expect(fifth.key).toBe('FUND_PASSWORD_LOCKED');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.params).toEqual({ minutes: 30 });

    // The right password is refused while locked, and the remaining time counts down.
    const during = await appError(verifyFundPassword(t.app.db, id, '135790', at(20), settings));
    expect(during.key).toBe('FUND_PASSWORD_LOCKED');
    expect(during.params).toEqual({ minutes: 15 });
    const lastMinute = await appError(verifyFundPassword(t.app.db, id, '135790', at(34.5), settings));
    expect(lastMinute.params).toEqual({ minutes: 1 });

    // After the lock: accepted, and the counter starts again from zero.
    await expect(verifyFundPassword(t.app.db, id, '135790', at(35), settings)).resolves.toBeUndefined();
    const again = await appError(verifyFundPassword(t.app.db, id, '000000', at(36), settings));
    expect(again.params).toEqual({ remaining: 4 });
  });

  it('a success clears the counter', async () => {
    const p = await registerPlayer(t.app);
    const id = await userId(p.account);
    await setFund(p.token, { password: '864200', confirm_password: '864200' });
    const now = new Date();
    for (let i = 0; i < 4; i++) await appError(verifyFundPassword(t.app.db, id, '000001', now, settings));
    await verifyFundPassword(t.app.db, id, '864200', now, settings);
    expect(await t.app.db.selectFrom('fund_password_attempts').selectAll().where('user_id', '=', id).execute()).toEqual(
      [],
    );
    const err = await appError(verifyFundPassword(t.app.db, id, '000001', now, settings));
    expect(err.params).toEqual({ remaining: 4 });
  });

  it('failures older than the window no longer count; non-digit guesses count too', async () => {
    const p = await registerPlayer(t.app);
    const id = await userId(p.account);
    await setFund(p.token, { password: '102938', confirm_password: '102938' });
    const t0 = new Date('2031-05-01T00:00:00Z');
    for (let i = 0; i < 4; i++) await appError(verifyFundPassword(t.app.db, id, 'abcdef', t0, settings));
    const later = new Date(t0.getTime() + 31 * 60_000);
    expect((await appError(verifyFundPassword(t.app.db, id, '000000', later, settings))).params).toEqual({
      remaining: 4,
    });
  });

  it('follows FUND_PASSWORD_MAX_FAILURES and FUND_PASSWORD_LOCK_MINUTES', async () => {
    const p = await registerPlayer(t.app);
    const id = await userId(p.account);
    await setFund(p.token, { password: '192837', confirm_password: '192837' });
    const custom = { fundPasswordMaxFailures: 2, fundPasswordLockMinutes: 7 };
    const now = new Date('2032-01-01T00:00:00Z');
    expect((await appError(verifyFundPassword(t.app.db, id, '000000', now, custom))).params).toEqual({ remaining: 1 });
    const locked = await appError(verifyFundPassword(t.app.db, id, '000000', now, custom));
    expect(locked.key).toBe('FUND_PASSWORD_LOCKED');
    expect(locked.params).toEqual({ minutes: 7 });
  });

  it('the lock message is translated with its minutes', () => {
    expect(t.app.translate('en', 'FUND_PASSWORD_LOCKED', { minutes: 30 })).toBe(
      'Too many wrong fund passwords. Withdrawals are locked for 30 min.',
    );
  });
});
