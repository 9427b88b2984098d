// Budget check: the gzip size of the JS a first visit to Home downloads must stay within 150 KB.
// That is the entry chunk and its static imports, plus Home's lazy route chunk and its static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

export const BUDGET = 150 * 1024;
export const HOME_MODULE = 'src/features/home/pages/home-page.tsx';
// The Thai web catalogue as players load it: without the console's blocks (vite.config.ts consoleTexts).
export const DEFAULT_CATALOGUES = ['src/locales/th.json', '../../packages/contract/locales/th/errors.json'];

/** The manifest keys of every chunk a first visit to Home loads, in load order. */
export function homeFirstLoad(manifest: Record<string, Chunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('manifest has no entry');
  visit(entry);
  visit(HOME_MODULE);
  // The default language's texts (th) are fetched before the first render, so they count too.
  for (const key of DEFAULT_CATALOGUES) if (manifest[key]) visit(key);
  return [...seen];
}

const isMain = process.argv[1] === import.meta.filename;
if (isMain) {
  const dist = process.env.DIST ?? join(import.meta.dirname, '..', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  // A renamed catalogue would silently drop out of the budget: each must be in the build.
  for (const key of DEFAULT_CATALOGUES) if (!manifest[key]) throw new Error(`manifest has no ${key}`);
  let total = 0;
  for (const key of homeFirstLoad(manifest)) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const raw = readFileSync(join(dist, file));
    const gz = gzipSync(raw, { level: 9 }).length;
    total += gz;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}  (${(raw.length / 1024).toFixed(1)} KB raw)`);
  }
  const verdict = total <= BUDGET ? 'OK' : 'OVER BUDGET';
  console.log(`Home first-load JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET / 1024} KB) ${verdict}`);
  if (total > BUDGET) process.exit(1);
}
