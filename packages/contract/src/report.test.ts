import { describe, expect, it } from 'vitest';
import { LANGS } from './langs.ts';
import { DASHBOARD_CSV_TEXTS, dashboardFigures, profitQuery } from './report.ts';

describe('the dashboard export’s words (locales/<lang>/report.json)', () => {
  it.each([...LANGS])('%s names the twelve columns and the two row names', (lang) => {
    const texts = DASHBOARD_CSV_TEXTS[lang];
    // Day, game, the nine figures of a dashboard row, currency.
    expect(texts.header).toHaveLength(2 + Object.keys(dashboardFigures.shape).length + 1);
    expect(texts.header.every((h) => h.trim() !== '')).toBe(true);
    expect(texts.all_games.trim()).not.toBe('');
    expect(texts.no_game.trim()).not.toBe('');
  });
});

describe('profitQuery', () => {
  it('defaults to today and refuses a range or a day that is not one', () => {
    expect(profitQuery.parse({})).toEqual({ range: 'today' });
    expect(profitQuery.safeParse({ range: 'week' }).success).toBe(false);
    expect(profitQuery.safeParse({ day: '2026-02-30' }).success).toBe(false);
    expect(profitQuery.parse({ day: '2026-02-28' })).toEqual({ range: 'today', day: '2026-02-28' });
  });
});
