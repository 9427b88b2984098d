import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from './helper.ts';
import type { TestApp } from './helper.ts';

// docs/trust.md 16: no code path, call or table can set, preset or override a draw result. Three views of it:
// - no call of the API (read from the OpenAPI document it serves, so a new call is covered) takes a field that
//   names a draw's result or seed;
// - the database has no column that could hold a preset or an override, and only periods.result holds a result;
// - in the API's sources, exactly one statement writes periods.result (periods.repository.ts markDrawn), called only
//   by the scheduler's tick with fd1's result.
// The periods trigger (draws.int.test.ts) makes a stored result write-once for every role besides.

const FORBIDDEN_FIELDS = /^(result|results|seed|outcome|draw|draw_result|winning_numbers|numbers_drawn|commitment)$/i;
const FORBIDDEN_COLUMNS = /(preset|override|forced|rigged|next_result|fixed_result|manual_result)/i;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

function fieldNames(schema: Schema | undefined, out: string[] = []): string[] {
  if (!schema) return out;
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    out.push(name);
    fieldNames(sub, out);
  }
  for (const sub of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    fieldNames(sub, out);
  return out;
}

describe('nothing sets a draw result but the draw (docs/trust.md 16)', () => {
  it('no call of the API takes a result, a seed or a commitment', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations += 1;
        const names = [
          ...(op.parameters ?? []).map((p) => p.name),
          ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => fieldNames(c.schema)),
        ];
        for (const name of names) expect(name, `${method.toUpperCase()} ${path}`).not.toMatch(FORBIDDEN_FIELDS);
      }
    }
    expect(operations).toBeGreaterThan(30);
  });

  it('no table has a column for a preset or an override, and only periods holds a result', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(t.app.db);
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) expect(`${r.table_name}.${r.column_name}`).not.toMatch(FORBIDDEN_COLUMNS);
    const resultColumns = rows
      .filter((r) => /result/i.test(r.column_name))
      .map((r) => `${r.table_name}.${r.column_name}`);
    expect(resultColumns).toEqual(['periods.result']);
  });

  it('in the API’s sources, only the scheduler’s tick writes periods.result, from fd1', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(src, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.includes('.test.'))
      .map((e) => join(e.parentPath, e.name));
    const writers: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // A Kysely update of periods whose set() names result, or SQL text that sets it.
      const kysely = [...text.matchAll(/updateTable\(\s*'periods'\s*\)[\s\S]{0,300}?\.set\(\{[^}]*\bresult\b/g)];
      const raw = [...text.matchAll(/update\s+periods\s+set[^;`]*\bresult\s*=/gi)];
      if (kysely.length + raw.length > 0) writers.push(`${relative(src, file)}:${kysely.length + raw.length}`);
    }
    // The one statement is the periods repository's markDrawn; its one caller is the tick, with fd1's result.
    expect(writers).toEqual(['modules/draws/periods.repository.ts:1']);
    const callers = files.filter((f) => /\bmarkDrawn\(/.test(readFileSync(f, 'utf8')));
    expect(callers.map((f) => relative(src, f)).sort()).toEqual([
      'modules/draws/draws.service.ts',
      'modules/draws/periods.repository.ts',
    ]);
    const tick = readFileSync(join(src, 'modules/draws/draws.service.ts'), 'utf8');
    expect(tick).toMatch(/const result = drawFd1\(/);
    expect(tick).toMatch(/markDrawn\(db, p\.id, result, now\)/);
  });
});
