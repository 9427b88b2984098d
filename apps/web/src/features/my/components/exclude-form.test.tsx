// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type ProtectionState } from '@fairdraw/contract';
import { en, renderWithApp, TOKEN } from '../../../test/render.tsx';
import { ExcludeForm } from './exclude-form.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

const STATE: ProtectionState = {
  active: null,
  choices: [
    { kind: 'timeout_24h', self_exclusion: false, ends_at: 1_800_000_000_000, allowed: true },
    { kind: 'exclusion_6m', self_exclusion: true, ends_at: 1_815_000_000_000, allowed: false },
  ],
  time_zone: 'Asia/Bangkok',
  server_time: 1_799_913_600_000,
};
const sent = () => api.apiRequest.mock.calls.filter(([p]) => p === API.protectionExclude).map(([, i]) => i?.body);
const onDone = vi.fn();
beforeEach(() => {
  api.apiRequest.mockReset();
  api.apiRequest.mockResolvedValue(STATE);
  onDone.mockReset();
});
const render = () =>
  renderWithApp(<ExcludeForm state={STATE} token={TOKEN} onClose={() => {}} onDone={onDone} titleId="t" />);
const submit = (user: ReturnType<typeof render>['user']) => user.click(screen.getByTestId('protection-submit'));

describe('ExcludeForm', () => {
  it('sends the chosen length, the password and the confirmation, then is done', async () => {
    const { user } = render();
    await user.click(screen.getByTestId('protection-kind-timeout_24h'));
    await user.type(screen.getByTestId('protection-password'), 'secret1');
    await user.click(screen.getByTestId('protection-confirm'));
    await submit(user);
    expect(sent()).toEqual([{ kind: 'timeout_24h', password: 'secret1', confirm: true }]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('asks for a length first, then the password (under it), then the confirmation', async () => {
    const { user } = render();
    await submit(user);
    expect(screen.getByTestId('form-error').textContent).toBe(en('protection.chooseFirst'));
    await user.click(screen.getByTestId('protection-kind-timeout_24h'));
    expect(screen.getByTestId('form-error').hidden).toBe(true);
    await submit(user);
    expect(screen.getByTestId('field-error-password').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    await user.type(screen.getByTestId('protection-password'), 'secret1');
    expect(screen.queryByTestId('field-error-password')).toBeNull();
    await submit(user);
    expect(screen.getByTestId('form-error').textContent).toBe(en('errors:EXCLUSION_CONFIRM_REQUIRED'));
    expect(screen.getByTestId('protection-confirm').getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });
});
