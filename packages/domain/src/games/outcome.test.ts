import { describe, expect, it } from 'vitest';
import { isValidOutcome } from './outcome.ts';

describe('isValidOutcome', () => {
  it('accepts results of each family', () => {
    expect(isValidOutcome('pk10', [4, 6, 9, 8, 1, 3, 7, 2, 10, 5])).toBe(true);
    expect(isValidOutcome('k3', [1, 1, 6])).toBe(true);
    expect(isValidOutcome('ssc', [0, 0, 9, 9, 5])).toBe(true);
    expect(isValidOutcome('lucky28', [0, 9, 9])).toBe(true);
    expect(isValidOutcome('marksix', [1, 2, 3, 4, 5, 6, 49])).toBe(true);
  });

  it('refuses impossible ones', () => {
    expect(isValidOutcome('pk10', [4, 4, 9, 8, 1, 3, 7, 2, 10, 5])).toBe(false);
    expect(isValidOutcome('pk10', [1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(false);
    expect(isValidOutcome('k3', [0, 1, 2])).toBe(false);
    expect(isValidOutcome('k3', [1, 2, 7])).toBe(false);
    expect(isValidOutcome('ssc', [0, 0, 10, 0, 0])).toBe(false);
    expect(isValidOutcome('ssc', [0, 0, 1.5, 0, 0])).toBe(false);
    expect(isValidOutcome('lucky28', [1, 2])).toBe(false);
    expect(isValidOutcome('marksix', [1, 2, 3, 4, 5, 6, 6])).toBe(false);
    expect(isValidOutcome('marksix', [0, 2, 3, 4, 5, 6, 7])).toBe(false);
    expect(isValidOutcome('marksix', [1, 2, 3, 4, 5, 6, 50])).toBe(false);
  });
});
