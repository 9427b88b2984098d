import { readFileSync } from 'node:fs';
import { commitment, drawFd1, GAME_FAMILIES, seedFromHex, verifyDraw } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import { describe, expect, it } from 'vitest';

// docs/fairness.md publishes fd1's test vectors for anyone writing a verifier. This reads its table and checks every
// row against the domain's fd1, so the page cannot drift from the code that draws.
const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');

type Row = {
  family: GameFamily;
  gameCode: string;
  issue: string;
  beacon: string;
  seed: string;
  commitment: string;
  result: number[];
};

function vectors(markdown: string): Row[] {
  const section = markdown.split(/^## Test vectors$/m)[1]?.split(/^## /m)[0] ?? '';
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const header = cells(lines[0] ?? '|');
  expect(header).toEqual(['family', 'game', 'issue', 'beacon', 'seed S (hex)', 'C = SHA-256(S)', 'result']);
  return lines.slice(2).map((line) => {
    const [family, gameCode, issue, beacon, seed, c, result] = cells(line) as [string, ...string[]];
    return {
      family: family as GameFamily,
      gameCode: gameCode!,
      issue: issue!,
      beacon: beacon!,
      seed: seed!,
      commitment: c!,
      result: result!.split(',').map(Number),
    };
  });
}

const rows = vectors(doc);

describe('docs/fairness.md test vectors', () => {
  it('covers every game family, with and without a beacon', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.family))).toEqual(new Set(GAME_FAMILIES));
    expect(rows.some((r) => r.beacon !== '')).toBe(true);
  });

  it.each(rows)('$gameCode $issue $beacon → $result', (row) => {
    expect(GAME_FAMILIES).toContain(row.family);
    const seed = seedFromHex(row.seed);
    expect(commitment(seed)).toBe(row.commitment);
    const request = { family: row.family, gameCode: row.gameCode, issue: row.issue, seed, beacon: row.beacon };
    expect(drawFd1(request)).toEqual(row.result);
    expect(verifyDraw({ ...request, commitment: row.commitment, result: row.result })).toBe(true);
  });
});
