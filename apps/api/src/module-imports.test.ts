import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = join(dirname(fileURLToPath(import.meta.url)), 'modules');

/** Every import of one module's non-test file into another module: `from` and `to` are module names. */
function crossModuleImports(): { from: string; to: string; file: string; target: string }[] {
  const found: { from: string; to: string; file: string; target: string }[] = [];
  for (const module of readdirSync(MODULES)) {
    const dir = join(MODULES, module);
    for (const name of readdirSync(dir, { recursive: true }) as string[]) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const file = join(dir, name);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
        const target = relative(MODULES, resolve(dirname(file), spec!));
        const to = target.split('/')[0]!;
        if (!target.startsWith('..') && to !== module)
          found.push({ from: module, to, file: `${module}/${name}`, target });
      }
    }
  }
  return found;
}

describe('imports between API modules', () => {
  const imports = crossModuleImports();

  it('form no cycle: a module never reaches, through others, back to itself', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    const cycles: string[] = [];
    const walk = (start: string, node: string, path: string[]): void => {
      for (const next of edges.get(node) ?? []) {
        if (next === start) cycles.push([...path, start].join(' → '));
        else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
      }
    };
    for (const start of edges.keys()) walk(start, start, [start]);
    expect(cycles).toEqual([]);
  });

  it("never take another module's routes file (shared route helpers live in lib/route-helpers.ts)", () => {
    expect(imports.filter((i) => i.target.endsWith('.routes.ts'))).toEqual([]);
  });
});
