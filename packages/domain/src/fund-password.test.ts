import { describe, expect, it } from 'vitest';
import { isFundPassword } from './fund-password.ts';

describe('isFundPassword', () => {
  it('is exactly six digits', () => {
    expect(isFundPassword('123456')).toBe(true);
    expect(isFundPassword('000000')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '123456\n', '１２３４５６', '١٢٣٤٥٦', '']) {
      expect(isFundPassword(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
