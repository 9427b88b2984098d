// The console's code is never loaded by player screens: no chunk a player route can reach (statically or by a later
// dynamic import) holds a console module, the table library or a chart library. Reads the build's manifest and the
// chunk → modules map that vite.config.ts writes beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/** The console's route module: the one dynamic entry players never load. */
export const CONSOLE_MODULE = 'src/console/console-page.tsx';

/** Modules that belong to the console only. */
export const CONSOLE_ONLY: readonly RegExp[] = [
  /(^|\/)src\/console\//,
  // The console's texts (src/locales/console-blocks.ts), split out of each catalogue by vite.config.ts.
  /(^|\/)src\/locales\/[a-z-]+\.json\?console$/,
  /node_modules\/@tanstack\/(react-table|table-core|react-store|store)\//,
  /node_modules\/(recharts|echarts|zrender|chart\.js|react-chartjs-2|uplot|lightweight-charts|apexcharts)\//,
  /node_modules\/(@visx|@nivo|victory[\w-]*|d3-[\w-]+)\//,
];

/** Manifest keys of every chunk reachable from the entry without going through the console's route module. */
export function playerReachable(manifest: Record<string, Chunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === CONSOLE_MODULE) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('manifest has no entry');
  if (!manifest[CONSOLE_MODULE]) throw new Error(`manifest has no ${CONSOLE_MODULE}: the console is not its own chunk`);
  visit(entry);
  return [...seen];
}

/** Each console-only module found in a player-reachable chunk, as "chunk file: module". */
export function consoleLeaks(manifest: Record<string, Chunk>, modules: Record<string, readonly string[]>): string[] {
  const leaks: string[] = [];
  for (const key of playerReachable(manifest)) {
    const file = manifest[key]!.file;
    for (const id of modules[file] ?? []) {
      const path = id.replaceAll('\\', '/');
      if (CONSOLE_ONLY.some((re) => re.test(path))) leaks.push(`${file}: ${path}`);
    }
  }
  return leaks;
}

/** Reads a built dist/: its manifest and chunk → modules map, and returns the leaks. */
export function checkDist(dist: string): { chunks: number; leaks: string[] } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const modules = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return { chunks: playerReachable(manifest).length, leaks: consoleLeaks(manifest, modules) };
}

const isMain = process.argv[1] === import.meta.filename;
if (isMain) {
  const dist = process.env.DIST ?? join(import.meta.dirname, '..', 'dist');
  const { chunks, leaks } = checkDist(dist);
  for (const leak of leaks) console.log(`console code in a player chunk: ${leak}`);
  console.log(`Player-reachable chunks: ${chunks}; console modules among them: ${leaks.length}`);
  if (leaks.length > 0) process.exit(1);
}
