// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BonusIndex } from '@fairdraw/contract';
import { en, renderWithApp } from '../../../test/render.tsx';
import { BonusPage } from './bonus-page.tsx';

const FAMILIES = ['pk10', 'k3', 'ssc', 'lucky28', 'marksix'] as const;
const index = vi.hoisted((): { data: BonusIndex | undefined } => ({ data: undefined }));
vi.mock('../api/bonus.ts', () => ({
  useBonusIndex: () => ({ isPending: false, isError: false, data: index.data }),
  useRebates: () => ({ isPending: true }),
  useClaimBonus: () => ({ isPending: false, mutateAsync: vi.fn() }),
}));
vi.mock('../../../lib/server-state/profile.ts', () => ({
  useProfile: () => ({ data: { role: 'player', is_guest: false } }),
}));

const bonusIndex = (rate_bps: number): BonusIndex =>
  ({
    claimable: 0,
    claimable_days: [],
    bonus: { locked: 0, requirement: 0, progress: 0 },
    rates: FAMILIES.map((family) => ({ family, rate_bps, multiple: 1 })),
  }) as unknown as BonusIndex;

describe('the Bonus page', () => {
  it('with no rate set, says none is offered and works one example, marked as such, in the wallet currency', () => {
    index.data = bonusIndex(0);
    renderWithApp(<BonusPage />);
    expect(screen.getByText(en('bonus.noRates'))).toBeTruthy();
    const example = screen.getByTestId('bonus-example').textContent;
    expect(example).toContain(en('bonus.exampleBadge'));
    expect(example).toContain('1 %');
    expect(example).toMatch(/THB\s*1,000\.00/);
    expect(example).toMatch(/THB\s*10\.00/);
  });

  it('with rates set, lists them and works no example', () => {
    index.data = bonusIndex(50);
    renderWithApp(<BonusPage />);
    expect(screen.getByTestId('bonus-rate-k3')).toBeTruthy();
    expect(screen.queryByTestId('bonus-example')).toBeNull();
  });
});
