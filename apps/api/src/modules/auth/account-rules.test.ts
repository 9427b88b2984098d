import { describe, expect, it } from 'vitest';
import { loginRequest, registerRequest } from '@fairdraw/contract';

const valid = { account: 'alice1', password: 'abc123', confirm_password: 'abc123', adult: true };

function firstIssue(schema: typeof registerRequest | typeof loginRequest, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? undefined : { key: r.error.issues[0]?.message, field: r.error.issues[0]?.path.join('.') };
}

describe('registration rules', () => {
  it('accepts a valid request and trims the account', () => {
    expect(registerRequest.parse({ ...valid, account: '  alice1 ' }).account).toBe('alice1');
  });

  it.each([
    ['abc', 'ACCOUNT_FORMAT'],
    ['a'.repeat(21), 'ACCOUNT_FORMAT'],
    ['alice_1', 'ACCOUNT_FORMAT'],
    ['ålice1', 'ACCOUNT_FORMAT'],
    ['alice 1', 'ACCOUNT_FORMAT'],
  ])('account %j → %s', (account, key) => {
    expect(firstIssue(registerRequest, { ...valid, account })).toEqual({ key, field: 'account' });
  });

  it.each([['abcd'], ['a'.repeat(4)], ['a1b2c'], ['a'.repeat(20)]])(
    'account %j is fine when 4–20 letters or digits',
    (account) => {
      // 'abcd' (4) and 20 characters are the bounds.
      expect(registerRequest.safeParse({ ...valid, account }).success).toBe(true);
    },
  );

  it.each([
    ['abc12', 'PASSWORD_FORMAT'],
    ['a'.repeat(16), 'PASSWORD_FORMAT'],
    ['abc 123', 'PASSWORD_FORMAT'],
    ['abc!123', 'PASSWORD_FORMAT'],
  ])('password %j → %s', (password, key) => {
    expect(firstIssue(registerRequest, { ...valid, password, confirm_password: password })).toEqual({
      key,
      field: 'password',
    });
  });

  it('6 and 15 characters are the password bounds', () => {
    expect(registerRequest.safeParse({ ...valid, password: 'abc123', confirm_password: 'abc123' }).success).toBe(true);
    const p15 = 'a'.repeat(14) + '1';
    expect(registerRequest.safeParse({ ...valid, password: p15, confirm_password: p15 }).success).toBe(true);
  });

  it('requires adult: true exactly', () => {
    expect(firstIssue(registerRequest, { ...valid, adult: false })?.key).toBe('ADULT_REQUIRED');
    expect(firstIssue(registerRequest, { ...valid, adult: 'true' })?.key).toBe('ADULT_REQUIRED');
  });

  it('missing fields say REQUIRED_FIELDS, wrong types VALIDATION_FAILED', () => {
    expect(firstIssue(registerRequest, { ...valid, account: undefined })).toEqual({
      key: 'REQUIRED_FIELDS',
      field: 'account',
    });
    expect(firstIssue(registerRequest, { ...valid, account: 12345 })).toEqual({
      key: 'VALIDATION_FAILED',
      field: 'account',
    });
  });

  it('nickname is optional, 1–20 characters', () => {
    expect(registerRequest.safeParse({ ...valid, nickname: 'Ann' }).success).toBe(true);
    expect(firstIssue(registerRequest, { ...valid, nickname: '   ' })?.key).toBe('NICKNAME_FORMAT');
    expect(firstIssue(registerRequest, { ...valid, nickname: 'n'.repeat(21) })?.key).toBe('NICKNAME_FORMAT');
  });
});

describe('login rules', () => {
  it('password 6–20 characters of any kind', () => {
    expect(loginRequest.safeParse({ account: 'alice1', password: 'pass word!' }).success).toBe(true);
    expect(firstIssue(loginRequest, { account: 'alice1', password: '12345' })?.key).toBe('LOGIN_PASSWORD_FORMAT');
    expect(firstIssue(loginRequest, { account: 'alice1', password: 'x'.repeat(21) })?.key).toBe(
      'LOGIN_PASSWORD_FORMAT',
    );
  });

  it('an overlong account reads as incorrect credentials, an empty one as missing', () => {
    expect(firstIssue(loginRequest, { account: 'a'.repeat(65), password: 'secret1' })?.key).toBe(
      'INCORRECT_CREDENTIALS',
    );
    expect(firstIssue(loginRequest, { account: '   ', password: 'secret1' })?.key).toBe('REQUIRED_FIELDS');
  });
});
