import { describe, expect, it } from 'vitest';
import { formatMoney, LANGS } from './langs.ts';

// Intl puts a no-break space between the currency and the number in some languages; the tests read it as a space.
const money = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes an amount with the currency in each language', () => {
    expect(money(123_450, 'THB', 2, 'th')).toBe('฿1,234.50');
    expect(money(123_450, 'THB', 2, 'en')).toBe('THB 1,234.50');
    expect(money(123_450, 'THB', 2, 'zh-cn')).toBe('THB 1,234.50');
    expect(money(123_450, 'THB', 2, 'zh-hk')).toBe('THB 1,234.50');
    expect(money(123_450, 'THB', 2, 'vi')).toBe('1.234,50 ฿');
    expect(money(123_450, 'THB', 2, 'pt')).toBe('฿ 1.234,50');
  });

  it.each(LANGS)('%s: a loss and a gain take the locale’s own signs, the same signed or not', (lang) => {
    const loss = formatMoney(-1_000, 'THB', 2, lang);
    expect(formatMoney(-1_000, 'THB', 2, lang, { signed: true })).toBe(loss);
    expect(loss.startsWith('-')).toBe(true);
    expect(loss).not.toContain('−');
    expect(formatMoney(1_000, 'THB', 2, lang, { signed: true })).toBe(`+${formatMoney(1_000, 'THB', 2, lang)}`);
    // Nothing won or lost has no sign.
    expect(formatMoney(0, 'THB', 2, lang, { signed: true })).toBe(formatMoney(0, 'THB', 2, lang));
  });

  it('writes play money (no ISO currency) as the number and the code, signed alike', () => {
    expect(money(-1_000, 'DEMO', 2, 'en', { signed: true })).toBe('-10.00 DEMO');
    expect(money(1_000, 'DEMO', 2, 'en', { signed: true })).toBe('+10.00 DEMO');
  });
});
