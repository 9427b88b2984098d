import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// docs/trust.md 12: outcomes come only from the fd1 draw. Lint bans Math.random from the API and the domain; this
// test holds the lint configuration to that (a rule dropped or narrowed fails here), and checks the sources
// themselves, tests aside, so a disabled-by-comment call cannot hide either.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const GUARDED = ['apps/api/src', 'packages/domain/src'];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

describe('randomness of draws (docs/trust.md 12)', () => {
  it('lint refuses Math.random in every source file of the API and the domain', async () => {
    const eslint = new ESLint({ cwd: root });
    const files = GUARDED.flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    for (const file of ['packages/domain/src/draw/fd1.ts', 'apps/api/src/modules/draws/draws.service.ts', ...files]) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      const rule = config.rules?.['no-restricted-properties'] as [unknown, ...{ object?: string; property?: string }[]];
      expect(rule, file).toBeDefined();
      expect([2, 'error']).toContain(rule[0]);
      expect(rule.slice(1), file).toContainEqual(expect.objectContaining({ object: 'Math', property: 'random' }));
    }
  }, 60_000);

  it('no source file of the API or the domain calls Math.random, nor turns the rule off', () => {
    for (const file of GUARDED.flatMap(sources)) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/Math\s*\.\s*random|Math\s*\[\s*['"`]random/);
      expect(text, file).not.toMatch(/eslint-disable[^\n]*no-restricted-properties/);
    }
  });
});
