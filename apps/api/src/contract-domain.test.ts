import { describe, expect, it } from 'vitest';
import { EXCLUSION_KINDS as CONTRACT_EXCLUSION_KINDS, MARK_SIX_ZODIACS } from '@fairdraw/contract';
import { EXCLUSION_KINDS, ZODIACS } from '@fairdraw/domain';

// The contract spells out a few of the domain's lists instead of importing them (it depends on nothing but zod, and
// the web takes it without the domain). The API, which uses both, holds them to the same values and order.
describe('lists the contract spells out for the domain', () => {
  it('Mark Six zodiac animals, in cycle order', () => {
    expect([...MARK_SIX_ZODIACS]).toEqual([...ZODIACS]);
  });

  it('kinds of break', () => {
    expect([...CONTRACT_EXCLUSION_KINDS]).toEqual([...EXCLUSION_KINDS]);
  });
});
