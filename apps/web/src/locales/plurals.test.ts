import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from './en.json';
import pt from './pt.json';
import th from './th.json';

// The catalogues as i18next reads them in the app: a count picks the form the language's plural rules name.
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: en }, pt: { translation: pt }, th: { translation: th } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
const say = (lang: string, key: string, count: number) => i18n.getFixedT(lang)(key, { count });

describe('counting texts', () => {
  it('en: one for 1, other for 0, 2 and many', () => {
    expect(say('en', 'report.slipsCount', 0)).toBe('0 slips');
    expect(say('en', 'report.slipsCount', 1)).toBe('1 slip');
    expect(say('en', 'report.slipsCount', 2)).toBe('2 slips');
    expect(say('en', 'report.slipsCount', 1_000_000)).toBe('1000000 slips');
    expect(say('en', 'trend.hits', 1)).toBe('1 hit');
    expect(say('en', 'trend.missingN', 1)).toBe('1 draw ago');
    expect(say('en', 'chase.submit', 1)).toBe('Chase 1 period');
    expect(say('en', 'chase.submit', 5)).toBe('Chase 5 periods');
    expect(i18n.getFixedT('en')('bet.confirmBody', { count: 1, issue: '20261126-01', total: 'A', ret: 'B' })).toBe(
      '1 play on issue 20261126-01. Total A, possible return B.',
    );
    expect(i18n.getFixedT('en')('bet.sharedPartial', { count: 2 })).toBe(
      '2 plays of the shared slip are not offered in this game and were left out.',
    );
  });

  it('pt (Brazil): one for 0 and 1, other for 2, many for a million', () => {
    expect(say('pt', 'report.slipsCount', 0)).toBe('0 bilhete');
    expect(say('pt', 'report.slipsCount', 1)).toBe('1 bilhete');
    expect(say('pt', 'report.slipsCount', 2)).toBe('2 bilhetes');
    expect(say('pt', 'report.slipsCount', 1_000_000)).toBe('1000000 bilhetes');
    expect(say('pt', 'bet.selected', 1)).toBe('1 selecionada');
    expect(say('pt', 'bet.selected', 3)).toBe('3 selecionadas');
    expect(say('pt', 'trend.periods', 30)).toBe('Nos últimos 30 sorteios');
  });

  it('th: one form for every count', () => {
    expect(say('th', 'report.slipsCount', 1)).toBe('1 โพย');
    expect(say('th', 'report.slipsCount', 2)).toBe('2 โพย');
  });
});
