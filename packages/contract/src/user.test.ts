import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordRequest, fundPasswordRequest, loginRequest, registerRequest } from './user.ts';

/** The error key of each failing field, as the forms show them (the message of a zod issue is the key). */
function keys(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const register = { account: 'player1', password: 'abc123', confirm_password: 'abc123', adult: true };

describe('registerRequest', () => {
  it('accepts a valid form, an optional nickname trimmed', () => {
    expect(keys(registerRequest, register)).toEqual({});
    expect(registerRequest.parse({ ...register, account: ' player1 ', nickname: ' Nick ' })).toMatchObject({
      account: 'player1',
      nickname: 'Nick',
    });
  });
  it('applies the account, password, nickname and legal-age rules', () => {
    expect(keys(registerRequest, { ...register, account: 'a!' })).toEqual({ account: 'ACCOUNT_FORMAT' });
    expect(keys(registerRequest, { ...register, password: 'abc' })).toEqual({ password: 'PASSWORD_FORMAT' });
    expect(keys(registerRequest, { ...register, password: 'a'.repeat(16) })).toEqual({ password: 'PASSWORD_FORMAT' });
    expect(keys(registerRequest, { ...register, nickname: 'n'.repeat(21) })).toEqual({ nickname: 'NICKNAME_FORMAT' });
    expect(keys(registerRequest, { ...register, adult: false })).toEqual({ adult: 'ADULT_REQUIRED' });
  });
});

describe('loginRequest', () => {
  it('takes a login password of 6–20 characters and a non-blank account', () => {
    expect(keys(loginRequest, { account: 'a', password: '12345' })).toEqual({ password: 'LOGIN_PASSWORD_FORMAT' });
    expect(keys(loginRequest, { account: 'a', password: 'x'.repeat(21) })).toEqual({
      password: 'LOGIN_PASSWORD_FORMAT',
    });
    expect(keys(loginRequest, { account: 'a', password: 'x'.repeat(20) })).toEqual({});
    expect(keys(loginRequest, { account: ' ', password: 'xxxxxx' })).toEqual({ account: 'REQUIRED_FIELDS' });
  });
});

describe('fundPasswordRequest', () => {
  it('needs exactly six digits', () => {
    for (const password of ['12345', '12345a', '1234567']) {
      expect(keys(fundPasswordRequest, { password, confirm_password: password })).toEqual({
        password: 'FUND_PASSWORD_FORMAT',
      });
    }
    expect(keys(fundPasswordRequest, { password: '123456', confirm_password: '123456' })).toEqual({});
    expect(keys(fundPasswordRequest, { password: '123456', confirm_password: '1', old_password: '111111' })).toEqual(
      {},
    );
  });
});

describe('changePasswordRequest', () => {
  it('needs the old password and a new one by the registration rule', () => {
    const ok = { old_password: 'old123', password: 'new123', confirm_password: 'new123' };
    expect(keys(changePasswordRequest, ok)).toEqual({});
    expect(keys(changePasswordRequest, { ...ok, old_password: '' })).toEqual({ old_password: 'REQUIRED_FIELDS' });
    expect(keys(changePasswordRequest, { ...ok, password: 'abc' })).toEqual({ password: 'PASSWORD_FORMAT' });
  });
});
