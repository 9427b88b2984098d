import { describe, expect, it } from 'vitest';
import { validateFundPassword } from './validate.ts';

describe('validateFundPassword', () => {
  it('needs exactly six digits, then a matching confirmation', () => {
    expect(validateFundPassword({ password: '12345', confirm: '12345' })?.key).toBe('FUND_PASSWORD_FORMAT');
    expect(validateFundPassword({ password: '12345a', confirm: '12345a' })?.key).toBe('FUND_PASSWORD_FORMAT');
    expect(validateFundPassword({ password: '123456', confirm: '123457' })?.key).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(validateFundPassword({ password: '123456', confirm: '123456' })).toBeNull();
  });
  it('asks for the old one first when changing', () => {
    expect(validateFundPassword({ old: '', password: '1', confirm: '2' })?.field).toBe('old_password');
    expect(validateFundPassword({ old: '111111', password: '123456', confirm: '123456' })).toBeNull();
  });
});
