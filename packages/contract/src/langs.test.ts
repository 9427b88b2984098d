import { describe, expect, it } from 'vitest';
import { formatBusinessDay, formatDate, formatInstant, formatMoney, formatTimeOfDay, LANGS } from './langs.ts';

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

// 2026-11-26 10:15 in Bangkok (03:15 UTC). Tests pass the zone, so they read the same on any machine.
const AT = Date.UTC(2026, 10, 26, 3, 15);
const BKK = 'Asia/Bangkok';
// Intl spaces some parts with no-break or narrow no-break spaces; the tests read them as spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dates and times: one pattern per kind and language, the zone once at the end', () => {
  it.each([
    ['th', '26 พ.ย. 10:15 GMT+7', '26 พ.ย. 2569', '10:15 GMT+7'],
    ['en', 'Nov 26, 10:15 AM GMT+7', 'Nov 26, 2026', '10:15 AM GMT+7'],
    ['zh-cn', '11月26日 10:15 GMT+7', '2026年11月26日', '10:15 GMT+7'],
    ['zh-hk', '11月26日 上午10:15 GMT+7', '2026年11月26日', '上午10:15 GMT+7'],
    ['vi', '10:15 26 thg 11 GMT+7', '26 thg 11, 2026', '10:15 GMT+7'],
    ['pt', '26 de nov., 10:15 GMT+7', '26 de nov. de 2026', '10:15 GMT+7'],
  ] as const)('%s', (lang, dateTime, date, time) => {
    expect(plain(formatInstant(AT, lang, BKK))).toBe(dateTime);
    expect(plain(formatDate(AT, lang, BKK))).toBe(date);
    expect(plain(formatBusinessDay('2026-11-26', lang))).toBe(date);
    expect(plain(formatTimeOfDay(AT, lang, BKK))).toBe(time);
  });

  it.each(LANGS)('%s: the zone is the last word, or left out when asked', (lang) => {
    const withYear = formatInstant(AT, lang, BKK, { withYear: true });
    expect(withYear.endsWith(' GMT+7')).toBe(true);
    expect(withYear.indexOf('GMT')).toBe(withYear.length - 'GMT+7'.length);
    expect(withYear).toContain(lang === 'th' ? '2569' : '2026');
    expect(formatInstant(AT, lang, BKK, { withZone: false })).toBe(
      formatInstant(AT, lang, BKK).replace(/ GMT\+7$/, ''),
    );
  });

  it('names another zone as the language does', () => {
    expect(plain(formatInstant(AT, 'pt', 'America/Sao_Paulo'))).toBe('26 de nov., 00:15 BRT');
  });

  it('shows a day it cannot read as it is', () => {
    expect(formatBusinessDay('soon', 'en')).toBe('soon');
  });
});
