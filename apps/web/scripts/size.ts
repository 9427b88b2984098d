// Budget check: the gzip size of the JS each route's first visit downloads must stay within its budget
// (scripts/budgets.ts). Reads the manifest of the build `npm run check` has just made; builds nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGETS, type Budget, type Texts } from './budgets.ts';

export type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, Chunk>;

// The Thai web catalogue as players load it: without the console's blocks (vite.config.ts consoleTexts). The entry
// fetches it before the first render; the contract's error texts follow the first render (lib/i18n.ts loadErrorTexts).
export const DEFAULT_CATALOGUES = ['src/locales/th.json'];
// The screens' Thai texts (src/locales/console-blocks.ts SCREEN_BLOCKS), in two parts: what a game page paints with
// (GAME_BLOCKS), and the rest, which a game page fetches after its first paint (app/router.tsx, lib/i18n.ts).
export const GAME_CATALOGUE = 'src/locales/th.json?game';
export const SCREEN_CATALOGUE = 'src/locales/th.json?screens';
export const SCREEN_TEXTS: Record<Texts, readonly string[]> = {
  none: [],
  game: [GAME_CATALOGUE],
  all: [GAME_CATALOGUE, SCREEN_CATALOGUE],
};

/** The manifest keys of the given chunks and of everything they import statically, in load order. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** The manifest key of the entry chunk (index.html). */
export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('manifest has no entry');
  return entry;
}

/**
 * The manifest keys of every chunk a first visit to a route loads: the entry and its static imports, the default
 * language's catalogue, the route's page module and its static imports, and the screens' texts it waits for.
 */
export function firstLoad(manifest: Manifest, module: string, texts: Texts): string[] {
  return staticClosure(manifest, [entryKey(manifest), ...DEFAULT_CATALOGUES, ...SCREEN_TEXTS[texts], module]);
}

export type BudgetResult = {
  budget: Budget;
  /** Gzip bytes of the JS counted; 0 for a pending entry not built yet. */
  bytes: number;
  /** The JS files counted. */
  files: string[];
  status: 'ok' | 'over' | 'pending';
};

/**
 * Weighs each budget's chunks: a route's first load, or what a lazy chunk adds to its parent route's first load.
 * `sizeOf` gives a built file's gzip size. Only .js files count (CSS and images are not JavaScript).
 */
export function weigh(
  manifest: Manifest,
  budgets: readonly Budget[],
  sizeOf: (file: string) => number,
): BudgetResult[] {
  const routeKeys = (b: Budget) => firstLoad(manifest, b.module, b.texts ?? 'none');
  return budgets.map((budget) => {
    if (!manifest[budget.module]) {
      if (budget.pending) return { budget, bytes: 0, files: [], status: 'pending' };
      throw new Error(`${budget.name}: manifest has no ${budget.module} (renamed? update scripts/budgets.ts)`);
    }
    let keys: string[];
    if (budget.parent) {
      const parent = budgets.find((b) => b.name === budget.parent && !b.parent);
      if (!parent) throw new Error(`${budget.name}: no route budget named ${budget.parent}`);
      const before = new Set(routeKeys(parent));
      keys = staticClosure(manifest, [budget.module]).filter((k) => !before.has(k));
    } else keys = routeKeys(budget);
    const files = keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    return { budget, bytes, files, status: bytes <= budget.kb * 1024 ? 'ok' : 'over' };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per budget; an over-budget line names the route, its weight and its budget. */
export function report(results: readonly BudgetResult[]): string[] {
  return results.map(({ budget, bytes, status }) => {
    const name = budget.name.padEnd(24);
    if (status === 'pending') return `${name} pending: ${budget.module} is not in the build yet`;
    const line = `${name} ${kb(bytes).padStart(9)} gzip of ${budget.kb} KB`;
    return status === 'over'
      ? `${line}  OVER BUDGET: ${budget.name} loads ${kb(bytes)} of JS gzip, its budget is ${budget.kb} KB`
      : line;
  });
}

const isMain = process.argv[1] === import.meta.filename;
if (isMain) {
  const dist = process.env.DIST ?? join(import.meta.dirname, '..', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // A renamed catalogue would silently drop out of the budget: each must be in the build.
  for (const key of [...DEFAULT_CATALOGUES, GAME_CATALOGUE, SCREEN_CATALOGUE])
    if (!manifest[key]) throw new Error(`manifest has no ${key}`);
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length));
    return size;
  };
  const results = weigh(manifest, BUDGETS, sizeOf);
  if (process.argv.includes('--files'))
    for (const r of results) {
      console.log(`${r.budget.name}:`);
      for (const f of r.files) console.log(`  ${kb(sizeOf(f)).padStart(9)}  ${f}`);
    }
  console.log('First-load JS per route (gzip):');
  for (const line of report(results)) console.log(`  ${line}`);
  const over = results.filter((r) => r.status === 'over');
  if (over.length) {
    console.error(`size: over budget: ${over.map((r) => r.budget.name).join(', ')} (budgets: scripts/budgets.ts)`);
    process.exit(1);
  }
}
