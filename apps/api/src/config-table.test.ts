import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config.ts';

// One configuration table, in the root README, kept equal to what config.ts reads: a variable added to the code
// without a row, or a row left for a variable the code no longer reads, fails here.
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
/** Read by the tooling around the API, not by the API. */
const NOT_THE_API = ['CHROMIUM_PATH'];

function tableVariables(markdown: string): string[] {
  const section = markdown.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
}

describe('the configuration table (README.md)', () => {
  it('lists exactly the variables config.ts reads', () => {
    const listed = tableVariables(README).filter((v) => !NOT_THE_API.includes(v));
    expect(listed.length).toBeGreaterThan(30);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
