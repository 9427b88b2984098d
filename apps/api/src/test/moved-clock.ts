import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's side of a movable wall clock, for `NODE_OPTIONS=--import <it>` (server-clock.ts). */
export const SERVER_CLOCK = fileURLToPath(new URL('./server-clock.ts', import.meta.url));

/**
 * The test's side of a server's movable wall clock (server-clock.ts): `env` goes into the env of each server process
 * that should share it, and `advance(ms)` moves their clocks on by that much (each reads it within 100 ms).
 */
export type MovedClock = { env: Record<string, string>; advance: (ms: number) => void; offset: () => number };

export function movedClock(): MovedClock {
  const file = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
  let offset = 0;
  writeFileSync(file, '0');
  return {
    env: { NODE_OPTIONS: `--import ${SERVER_CLOCK}`, FD_TEST_CLOCK_FILE: file },
    advance(ms) {
      offset += Math.max(0, Math.round(ms));
      writeFileSync(file, String(offset));
    },
    offset: () => offset,
  };
}
