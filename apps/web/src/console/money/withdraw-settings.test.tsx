// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { WithdrawSettings } from '@fairdraw/contract';
import { en, renderWithApp } from '../../test/render.tsx';
import { WithdrawSettingsSection } from './withdraw-settings.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

const SETTINGS: WithdrawSettings = {
  fee: { percent_bps: 150, fixed: 500, min: 1000, max: null },
  min: 10_000,
  max: 5_000_000,
};
const posted = () => api.apiRequest.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, i]) => i?.body);
beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockImplementation((_path, init) => Promise.resolve(init?.method === 'POST' ? init.body : SETTINGS));
});
type User = ReturnType<typeof renderWithApp>['user'];
const retype = async (user: User, testId: string, text: string) => {
  await user.clear(screen.getByTestId(testId));
  if (text) await user.type(screen.getByTestId(testId), text);
};
const errorUnder = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent;

describe('WithdrawSettingsSection', () => {
  it('shows the rule as text with a live example, and saves the edits in basis points and minor units', async () => {
    const { user } = renderWithApp(<WithdrawSettingsSection />);
    expect(screen.getByTestId<HTMLInputElement>(await waitForField('wset-fee-percent_bps')).value).toBe('1.5');
    expect(screen.getByTestId('wset-example').textContent).toContain('20.00'); // 1.5 % of 1,000.00 + 5.00
    await retype(user, 'wset-fee-percent_bps', '2');
    await retype(user, 'wset-fee-max', '50');
    await user.click(screen.getByTestId('wset-submit'));
    expect(posted()).toEqual([{ ...SETTINGS, fee: { ...SETTINGS.fee, percent_bps: 200, max: 5000 } }]);
    expect(await screen.findByTestId('wset-saved')).toBeTruthy();
  });

  it('says what is wrong under every field at once and sends nothing', async () => {
    const { user } = renderWithApp(<WithdrawSettingsSection />);
    await waitForField('wset-fee-percent_bps');
    await retype(user, 'wset-fee-percent_bps', '150');
    await retype(user, 'wset-fee-fixed', '');
    await retype(user, 'wset-fee-max', '1');
    await retype(user, 'wset-max', '1');
    expect(screen.queryByTestId('wset-example')).toBeNull();
    await user.click(screen.getByTestId('wset-submit'));
    expect(errorUnder('fee.percent_bps')).toBe(en('admin.percentInvalid'));
    expect(errorUnder('fee.fixed')).toBe(en('errors:REQUIRED_FIELDS'));
    expect(errorUnder('fee.max')).toBe(en('admin.feeMaxBelowMin'));
    expect(errorUnder('max')).toBe(en('admin.maxBelowMin'));
    expect(posted()).toEqual([]);
  });
});

async function waitForField(testId: string) {
  await screen.findByTestId(testId);
  return testId;
}
