import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The test's side of a site's movable wall clock (server-clock.ts): `env` goes into the site's env (useSite), and
 * `advance(ms)` moves the server's clock on by that much (the server reads it within 100 ms).
 */
export type SiteClock = { env: Record<string, string>; advance: (ms: number) => void; offset: () => number };

export function siteClock(): SiteClock {
  const file = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
  let offset = 0;
  writeFileSync(file, '0');
  return {
    env: { NODE_OPTIONS: `--import ${join(import.meta.dirname, 'server-clock.ts')}`, FD_TEST_CLOCK_FILE: file },
    advance(ms) {
      offset += Math.max(0, Math.round(ms));
      writeFileSync(file, String(offset));
    },
    offset: () => offset,
  };
}
