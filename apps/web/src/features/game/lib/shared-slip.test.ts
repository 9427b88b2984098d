import { describe, expect, it } from 'vitest';
import type { PlayGroup, PlayItem } from '@fairdraw/contract';
import { encodeSharedSlip, listedCode } from './shared-slip.ts';
import { readSharedSlip, sharedSlipSchema } from './read-shared-slip.ts';

const item = (id: number, code: string): PlayItem => ({
  id,
  code,
  name: code,
  odds: 2,
  odds_bps: 20_000,
  min: 100,
  max: 100_000,
  rtp: 97,
});
const GROUPS: PlayGroup[] = [
  { group: { code: 'special-number', name: 'Special' }, items: [item(1, 'ms.special.num.9')] },
  { group: { code: 'all-in', name: 'All-in' }, items: [item(2, 'ms.all2'), item(3, 'ms.all3')] },
];

describe('shared slip', () => {
  it('writes plays and stakes into the link and reads them back', () => {
    const lines = [
      { code: 'pk10.pos1.num3', amount: 1_000 },
      { code: 'ms.all2', amount: 500, numbers: [3, 17] },
    ];
    const text = encodeSharedSlip(lines);
    expect(text).toBe('pk10.pos1.num3~1000,ms.all2~500~3-17');
    expect(sharedSlipSchema.parse(text)).toEqual(lines);
    // Through a URL and back, as the browser carries it.
    const url = new URL(`https://x.test/pkShi?slip=${encodeURIComponent(text)}`);
    expect(sharedSlipSchema.parse(url.searchParams.get('slip'))).toEqual(lines);
  });

  it.each([
    '',
    'pk10.pos1.num3',
    'pk10.pos1.num3~0',
    'pk10.pos1.num3~-5',
    'pk10.pos1.num3~1.5',
    'PK10~100',
    'ms.all2~100~3-3',
    'ms.all2~100~0-50',
    'ms.all2~100~3',
    'a~1,',
    '<script>~1',
    Array.from({ length: 101 }, () => 'k3.big~100').join(','),
  ])('refuses %j whole', (text) => {
    expect(sharedSlipSchema.safeParse(text).success).toBe(false);
  });

  it('lists a placed all-in under its template code', () => {
    expect(listedCode('ms.all2.3-17', [3, 17])).toBe('ms.all2');
    expect(listedCode('ms.all3.3-17-40', [3, 17, 40])).toBe('ms.all3');
    expect(listedCode('pk10.pos1.num3', null)).toBe('pk10.pos1.num3');
  });

  it('matches a link to this game’s plays: unknown plays and wrong all-in numbers left out and counted', () => {
    expect(readSharedSlip('ms.special.num.9~1000,ms.all2~500~3-17,pk10.pos1.num3~100,ms.all3~100~1-2', GROUPS)).toEqual(
      {
        lines: [
          { item: GROUPS[0]!.items[0], amount: 1000 },
          { item: GROUPS[1]!.items[0], amount: 500, numbers: [3, 17] },
        ],
        skipped: 2,
      },
    );
    // Nothing of this game, or a link that does not read: no slip.
    expect(readSharedSlip('pk10.pos1.num3~100', GROUPS)).toBeNull();
    expect(readSharedSlip('ms.special.num.9~0', GROUPS)).toBeNull();
  });
});
