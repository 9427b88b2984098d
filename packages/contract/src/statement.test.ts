import { describe, expect, it } from 'vitest';
import { STATEMENT_CAUSES, STATEMENT_CSV_TEXTS, STATEMENT_WALLETS, REFERENCE_TYPES } from './statement.ts';
import { LANGS } from './langs.ts';

describe('the export’s words (locales/<lang>/account.json)', () => {
  it.each([...LANGS])('%s names the seven columns and every cause, wallet and reference', (lang) => {
    const texts = STATEMENT_CSV_TEXTS[lang];
    expect(texts.header).toHaveLength(7);
    expect(texts.header.every((h) => h.trim() !== '')).toBe(true);
    expect(Object.keys(texts.causes).sort()).toEqual([...STATEMENT_CAUSES].sort());
    expect(Object.values(texts.causes).every((c) => c.trim() !== '')).toBe(true);
    expect(Object.keys(texts.wallets).sort()).toEqual([...STATEMENT_WALLETS].sort());
    expect(Object.keys(texts.refs).sort()).toEqual([...REFERENCE_TYPES].sort());
  });
});
