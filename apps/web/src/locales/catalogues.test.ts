import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, LANGS } from '@fairdraw/contract';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree;
const here = import.meta.dirname;
const contractLocales = join(here, '..', '..', '..', '..', 'packages', 'contract', 'locales');
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A catalogue's keys with each counting text's plural forms ('slipsCount_one', 'slipsCount_other') gathered under
 * its base key ('slipsCount'): plain keys map to null, counting ones to their forms' categories.
 */
function byBase(cat: Map<string, string>): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  for (const key of cat.keys()) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m) out.set(key, null);
    else {
      const base = key.slice(0, m.index);
      out.set(base, [...(out.get(base) ?? []), m[1] ?? ''].sort());
    }
  }
  return out;
}

const categories = (lang: string) => [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

describe('web catalogues', () => {
  const en = flatten(read(join(here, 'en.json')));

  it('exist for exactly the six product languages', () => {
    const files = readdirSync(here)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGS].sort());
  });

  const enBases = byBase(en);

  it.each(LANGS)(
    '%s has the same keys as en, exactly its plural forms for a counting text, no empty texts, the same placeholders',
    (lang) => {
      const cat = flatten(read(join(here, `${lang}.json`)));
      const bases = byBase(cat);
      expect([...bases.keys()].sort()).toEqual([...enBases.keys()].sort());
      for (const [base, forms] of enBases) {
        // A plain key stays plain in every language; a counting text has the forms the language's plural rules
        // pick from, no more (a form never picked) and no fewer (a count shown with the wrong noun).
        expect(bases.get(base), `${lang} ${base}`).toEqual(forms === null ? null : categories(lang));
      }
      for (const [key, text] of cat) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        // Every form of a counting text has en's 'other' form's placeholders (the count among them).
        const m = PLURAL_SUFFIX.exec(key);
        const enKey = m ? `${key.slice(0, m.index)}_other` : key;
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en.get(enKey) ?? ''));
        if (m) expect(placeholders(text), `${lang} ${key}`).toContain('count');
      }
    },
  );

  it('has en with one and other forms for each counting text', () => {
    expect(categories('en')).toEqual(['one', 'other']);
    const counting = [...enBases].filter(([, forms]) => forms !== null).map(([base]) => base);
    expect(counting).toEqual(
      expect.arrayContaining([
        'bet.confirmBody',
        'bet.sharedPartial',
        'trend.hits',
        'trend.missingN',
        'trend.periods',
        'chase.submit',
        'chase.placed',
        'chase.cancelBody',
        'report.slipsCount',
      ]),
    );
  });

  it.each(LANGS)('%s never writes a plural as "(s)": a count picks its plural form instead', (lang) => {
    const cat = flatten(read(join(here, `${lang}.json`)));
    for (const [key, text] of cat) expect(text, `${lang} ${key}`).not.toMatch(/\p{L}\((s|es|as|os)\)/u);
  });

  it('names every known game code and every tab', () => {
    for (const code of ['df_pk10', 'df_pk10_3', 'df_pk10_5', 'df_k3', 'xam_6', 'xy_28', 'df_ssc']) {
      expect(en.has(`game.${code}`)).toBe(true);
    }
    for (const tab of ['home', 'games', 'bonus', 'support', 'my']) expect(en.has(`tab.${tab}`)).toBe(true);
  });
});

describe('contract error catalogues (namespace "errors")', () => {
  it.each(LANGS)('%s has every error key, no extras, no empty texts', (lang) => {
    const cat = flatten(read(join(contractLocales, lang, 'errors.json')));
    expect([...cat.keys()].sort()).toEqual([...ERROR_KEYS].sort());
    for (const [key, text] of cat) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });
});
