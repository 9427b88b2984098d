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

/**
 * Keeps a spec's business day whole: when the site's clock (real time plus the clock's offset) is within `marginMs`
 * of midnight in `timeZone`, moves it on to two minutes past that midnight, beyond the minute after which the report
 * calls the day before final (report-rebuild.service.ts). A spec that moves the clock on during its run (a period at
 * a time) and reads "today" then never sees a deposit on one day and its slip on the next. Answers once the site
 * reads the new offset.
 */
export async function clearOfMidnight(clock: SiteClock, timeZone: string, marginMs: number): Promise<void> {
  const now = Date.now() + clock.offset();
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (now % 1000);
  const toMidnight = 86_400_000 - sinceMidnight;
  if (toMidnight >= marginMs) return;
  clock.advance(toMidnight + 120_000);
  await new Promise((r) => setTimeout(r, 300)); // the server re-reads the offset every 100 ms
}
