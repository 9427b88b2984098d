import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@fairdraw/contract';
import { CONSOLE_BLOCKS, GAME_BLOCKS, SCREEN_BLOCKS, splitCatalogue } from './console-blocks.ts';

const read = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `${lang}.json`), 'utf8')) as Record<string, unknown>;

/** Deep merge, as i18next's addResourceBundle(…, deep = true) does. */
function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] =
      typeof prev === 'object' && prev && typeof v === 'object' && v
        ? merge(prev as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

describe('console texts split out of the player catalogue', () => {
  it('moves top-level blocks and dotted parts of other blocks, and leaves the rest', () => {
    const cat = { admin: { a: 'A' }, kyc: { admin: { x: 'X' }, title: 'T' }, home: { h: 'H' } };
    const { player, console } = splitCatalogue(cat, ['admin', 'kyc.admin', 'missing', 'home.none.deeper']);
    expect(player).toEqual({ kyc: { title: 'T' }, home: { h: 'H' } });
    expect(console).toEqual({ admin: { a: 'A' }, kyc: { admin: { x: 'X' } } });
    expect(cat.admin).toEqual({ a: 'A' }); // the input is untouched
  });

  it.each(LANGS)('%s: every listed block exists; player + console texts are the whole catalogue', (lang) => {
    const cat = read(lang);
    const { player, console } = splitCatalogue(cat);
    for (const path of CONSOLE_BLOCKS) {
      const inConsole = path
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], console);
      const inPlayer = path
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], player);
      expect(inConsole, `${lang} ${path}`).toBeDefined();
      expect(inPlayer, `${lang} ${path}`).toBeUndefined();
    }
    expect(merge(player, console)).toEqual(cat);
  });
});

/** A catalogue's entry at a dotted path, or undefined. */
const at = (tree: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);

describe('what a game page paints with is there at its first paint', () => {
  // During a break the notice stands where the game's form would be: its texts must not arrive after it.
  const source = readFileSync(join(import.meta.dirname, '../components/break-gate.tsx'), 'utf8');
  const keys = [...source.matchAll(/'(protection\.[A-Za-z]+)'/g)].map((m) => m[1]!);

  it.each(LANGS)('%s: the break notice texts come with Home or the game part', (lang) => {
    expect(keys.length).toBeGreaterThanOrEqual(3);
    const home = splitCatalogue(splitCatalogue(read(lang)).player, SCREEN_BLOCKS);
    const game = splitCatalogue(home.console, GAME_BLOCKS).console;
    for (const key of keys) expect(at(home.player, key) ?? at(game, key), `${lang} ${key}`).toEqual(expect.any(String));
  });
});
