import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister, type RegisterValues } from './validate.ts';

const ok: RegisterValues = { account: 'player1', password: 'abc123', confirm: 'abc123', nickname: '', adult: true };

describe('register form rules', () => {
  it('accepts a valid form', () => expect(validateRegister(ok)).toBeNull());
  it('asks to complete all fields', () => {
    expect(validateRegister({ ...ok, account: ' ' })?.key).toBe('REQUIRED_FIELDS');
    expect(validateRegister({ ...ok, confirm: '' })?.key).toBe('REQUIRED_FIELDS');
  });
  it('applies the contract rules', () => {
    expect(validateRegister({ ...ok, account: 'a!' })?.key).toBe('ACCOUNT_FORMAT');
    expect(validateRegister({ ...ok, password: 'abc', confirm: 'abc' })?.key).toBe('PASSWORD_FORMAT');
    expect(validateRegister({ ...ok, password: 'a'.repeat(16), confirm: 'a'.repeat(16) })?.key).toBe('PASSWORD_FORMAT');
    expect(validateRegister({ ...ok, nickname: 'n'.repeat(21) })?.key).toBe('NICKNAME_FORMAT');
  });
  it('says when passwords do not match', () => {
    expect(validateRegister({ ...ok, confirm: 'abc124' })).toEqual({ key: 'PASSWORDS_DO_NOT_MATCH', field: 'confirm' });
  });
  it('requires the legal-age confirmation', () => {
    expect(validateRegister({ ...ok, adult: false })?.key).toBe('ADULT_REQUIRED');
  });
});

describe('login form rules', () => {
  it('login password is 6–20 characters', () => {
    expect(validateLogin({ account: 'a', password: '12345' })?.key).toBe('LOGIN_PASSWORD_FORMAT');
    expect(validateLogin({ account: 'a', password: 'x'.repeat(21) })?.key).toBe('LOGIN_PASSWORD_FORMAT');
    expect(validateLogin({ account: 'a', password: 'x'.repeat(20) })).toBeNull();
    expect(validateLogin({ account: '', password: 'xxxxxx' })?.key).toBe('REQUIRED_FIELDS');
  });
});
