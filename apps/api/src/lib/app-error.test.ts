import { describe, expect, it } from 'vitest';
import { formatMoney } from '@fairdraw/contract';
import { moneyParam } from './app-error.ts';

describe('moneyParam', () => {
  it('names an amount with its currency, in each language as the screens write money', () => {
    const left = moneyParam(0, 'THB');
    if (typeof left !== 'function') throw new Error('a parameter told per language');
    expect(left('en')).toBe(formatMoney(0, 'THB', 2, 'en'));
    expect(left('en')).toMatch(/^THB\s0\.00$/);
    expect(left('th')).toBe('฿0.00');
    expect(left('vi')).toMatch(/^0,00\s฿$/);
  });
});
