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

describe('web catalogues', () => {
  const en = flatten(read(join(here, 'en.json')));

  it('exist for exactly the six product languages', () => {
    const files = readdirSync(here)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS)('%s has the same keys as en, no empty texts, the same placeholders', (lang) => {
    const cat = flatten(read(join(here, `${lang}.json`)));
    expect([...cat.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of cat) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en.get(key) ?? ''));
    }
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
