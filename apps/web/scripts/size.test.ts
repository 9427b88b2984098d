import { describe, expect, it } from 'vitest';
import type { Budget } from './budgets.ts';
import {
  DEFAULT_CATALOGUES,
  GAME_CATALOGUE,
  SCREEN_CATALOGUE,
  firstLoad,
  report,
  weigh,
  type Manifest,
} from './size.ts';

const HOME = 'src/features/home/pages/home-page.tsx';
const GAME = 'src/features/game/pages/game-page.tsx';
const TREND = 'src/features/game/components/trend-tab.tsx';

/** A small build: the entry with react, Home, the game page with a lazy slip and a lazy trend tab, the catalogues. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [HOME, GAME, ...DEFAULT_CATALOGUES, 'errors.json', GAME_CATALOGUE, SCREEN_CATALOGUE],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  [DEFAULT_CATALOGUES[0]!]: { file: 'assets/th.js' },
  'errors.json': { file: 'assets/errors.js' },
  [GAME_CATALOGUE]: { file: 'assets/th-game.js' },
  [SCREEN_CATALOGUE]: { file: 'assets/th-screens.js' },
  [HOME]: { file: 'assets/home.js', imports: ['_shared.js'] },
  [GAME]: { file: 'assets/game.js', imports: ['_shared.js', '_game.css'], dynamicImports: ['slip.tsx', TREND] },
  '_game.css': { file: 'assets/game.css' },
  'slip.tsx': { file: 'assets/slip.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  [TREND]: { file: 'assets/trend.js', imports: ['_shared.js', '_chart.js'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_react.js'] },
};

// Gzip sizes in bytes, by file.
const SIZES: Record<string, number> = {
  'assets/index.js': 9_000,
  'assets/react.js': 60_000,
  'assets/shared.js': 1_000,
  'assets/th.js': 6_000,
  'assets/errors.js': 5_000,
  'assets/th-game.js': 4_000,
  'assets/th-screens.js': 8_000,
  'assets/home.js': 2_000,
  'assets/game.js': 3_000,
  'assets/game.css': 50_000,
  'assets/slip.js': 5_000,
  'assets/zod.js': 40_000,
  'assets/trend.js': 7_000,
  'assets/chart.js': 20_000,
};
const sizeOf = (file: string) => SIZES[file] ?? Number.NaN;

const budgets = (over: Partial<Record<string, number>> = {}): Budget[] => [
  { name: '/', module: HOME, kb: over['/'] ?? 90 },
  { name: '/kuaisan', module: GAME, texts: 'game', kb: over['/kuaisan'] ?? 90 },
  { name: 'trend', module: TREND, parent: '/kuaisan', kb: over.trend ?? 30 },
];

describe('firstLoad', () => {
  it('takes the entry, the catalogues, the page and their static imports, not what the page loads lazily', () => {
    expect(firstLoad(manifest, GAME, 'game').sort()).toEqual(
      ['index.html', '_react.js', '_shared.js', '_game.css', GAME, ...DEFAULT_CATALOGUES, GAME_CATALOGUE].sort(),
    );
  });

  it('counts the screens’ texts a route waits for: none for Home, one part for a game page, both for the others', () => {
    expect(firstLoad(manifest, HOME, 'none')).not.toContain(GAME_CATALOGUE);
    expect(firstLoad(manifest, HOME, 'none')).not.toContain(SCREEN_CATALOGUE);
    expect(firstLoad(manifest, GAME, 'game')).not.toContain(SCREEN_CATALOGUE);
    expect(firstLoad(manifest, HOME, 'all')).toEqual(expect.arrayContaining([GAME_CATALOGUE, SCREEN_CATALOGUE]));
  });
});

describe('weigh', () => {
  it('adds up the gzip sizes of the JavaScript of each route’s first load (CSS does not count)', () => {
    const [home, game] = weigh(manifest, budgets(), sizeOf);
    // index 9000 + react 60000 + th 6000 + shared 1000 + home 2000; the error texts follow the first render
    expect(home!.bytes).toBe(78_000);
    expect(home!.status).toBe('ok');
    // index 9000 + react 60000 + th 6000 + screens 4000 + shared 1000 + game 3000; no slip, no zod
    expect(game!.bytes).toBe(83_000);
    expect(game!.files).not.toContain('assets/zod.js');
    expect(game!.files).not.toContain('assets/game.css');
  });

  it('counts a lazy chunk by what it adds to its parent route’s first load', () => {
    const trend = weigh(manifest, budgets(), sizeOf)[2]!;
    expect(trend.files.sort()).toEqual(['assets/chart.js', 'assets/trend.js']);
    expect(trend.bytes).toBe(27_000);
  });

  it('fails a route over its budget, with a message naming it, its weight and its budget', () => {
    const results = weigh(manifest, budgets({ '/kuaisan': 80 }), sizeOf);
    expect(results.map((r) => r.status)).toEqual(['ok', 'over', 'ok']);
    const line = report(results)[1]!;
    expect(line).toContain('OVER BUDGET: /kuaisan loads 81.1 KB of JS gzip, its budget is 80 KB');
  });

  it('skips a pending chunk until it is built, and refuses a missing module that is not pending', () => {
    const pending: Budget = { name: 'later', module: 'src/later.tsx', parent: '/kuaisan', kb: 10, pending: true };
    const result = weigh(manifest, [...budgets(), pending], sizeOf)[3]!;
    expect(result.status).toBe('pending');
    expect(report([result])[0]).toContain('pending: src/later.tsx is not in the build yet');
    expect(() => weigh(manifest, [{ ...pending, pending: false }], sizeOf)).toThrow(
      /later: manifest has no src\/later/,
    );
  });

  it('refuses a lazy chunk whose parent is not a route of the table', () => {
    expect(() => weigh(manifest, [{ name: 'trend', module: TREND, parent: '/nowhere', kb: 30 }], sizeOf)).toThrow(
      /no route budget named \/nowhere/,
    );
  });
});
