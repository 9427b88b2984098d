import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrate.ts';
import { sha256Hex, sqlFunctionText } from './sql-functions.ts';
import type { SqlFunctionName } from './sql-functions.ts';

const files = readdirSync(new URL('./functions/', import.meta.url))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.slice(0, -'.sql'.length) as SqlFunctionName);

/** For each function, the latest migration that creates it from its file, and the hash that migration pins. */
function latestPins(): Map<string, { migration: string; pin: string }> {
  const latest = new Map<string, { migration: string; pin: string }>();
  for (const name of Object.keys(MIGRATIONS).sort()) {
    for (const [fn, pin] of Object.entries(MIGRATIONS[name]?.sqlFunctions ?? {})) {
      latest.set(fn, { migration: name, pin });
    }
  }
  return latest;
}

describe('SQL function files and the migrations that create them (db/README.md)', () => {
  it('finds the function files', () => {
    expect(files).toContain('place_bet_slips');
  });

  it.each(files)('%s.sql is exactly the text its latest migration pins: a change needs a new migration', (fn) => {
    const latest = latestPins().get(fn);
    expect(latest, `no migration creates ${fn} from its file`).toBeDefined();
    const actual = sha256Hex(sqlFunctionText(fn));
    expect(
      actual,
      `functions/${fn}.sql changed after ${latest?.migration} pinned it: add a migration that re-creates it ` +
        `(export const sqlFunctions = { ${fn}: '${actual}' })`,
    ).toBe(latest?.pin);
  });

  it('every function a migration names has its file', () => {
    expect([...latestPins().keys()].sort()).toEqual([...files].sort());
  });

  it('the static list runs in the order its names sort, each number once', () => {
    const names = Object.keys(MIGRATIONS);
    expect(names).toEqual([...names].sort());
    const numbers = names.map((n) => n.split('_')[3]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
