import { describe, expect, it } from 'vitest';
import { chaseMultipliers } from './chase-sheet.tsx';

describe('chaseMultipliers', () => {
  it('is 1 for every period when flat', () => {
    expect(chaseMultipliers(4, 'flat', 2)).toEqual([1, 1, 1, 1]);
  });
  it('doubles every N periods', () => {
    expect(chaseMultipliers(7, 'double', 2)).toEqual([1, 1, 2, 2, 4, 4, 8]);
    expect(chaseMultipliers(4, 'double', 1)).toEqual([1, 2, 4, 8]);
  });
});
