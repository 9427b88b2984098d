import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS, missingNodeFlags } from './node-flags.ts';

const root = new URL('../../../', import.meta.url);
const startScript = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, root), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('the API process flags', () => {
  it("turn V8's memory reducer off", () => {
    expect(API_NODE_FLAGS).toEqual(['--no-memory-reducer']);
  });

  it('are on both start scripts', () => {
    for (const file of ['package.json', 'apps/api/package.json']) {
      const start = startScript(file);
      expect(start, file).toContain(`node ${API_NODE_FLAGS.join(' ')} `);
    }
  });

  it('are missing when the command line does not give them', () => {
    expect(missingNodeFlags([])).toEqual(['--no-memory-reducer']);
    expect(missingNodeFlags(['--watch', '--max-old-space-size=4096'])).toEqual(['--no-memory-reducer']);
  });

  it('count as given when given either way', () => {
    expect(missingNodeFlags(['--watch', '--no-memory-reducer'])).toEqual([]);
    expect(missingNodeFlags(['--memory-reducer'])).toEqual([]);
  });
});
