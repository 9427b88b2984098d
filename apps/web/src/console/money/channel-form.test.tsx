// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type AdminChannel } from '@fairdraw/contract';
import { ApiError } from '../../lib/api-client.ts';
import { en, renderWithApp } from '../../test/render.tsx';
import { ChannelForm } from './channel-form.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

const BANK: AdminChannel = {
  id: 7,
  type: 'bank',
  name: 'KBank',
  name_translations: {},
  demo: false,
  enabled: true,
  min: 10_000,
  max: 5_000_000,
  sort: 0,
  bank: { payee: 'Fairdraw Co', account_number: '123-4', bank: 'KBank' },
  crypto: null,
  pix: null,
  currency: 'THB',
  rate: null,
};
const sent = () => api.apiRequest.mock.calls.filter(([p]) => p === API.adminChannelSave).map(([, i]) => i?.body);
let answer: () => Promise<unknown>;
const onClose = vi.fn();
beforeEach(() => {
  api.apiRequest.mockReset();
  onClose.mockReset();
  answer = () => Promise.resolve(BANK);
  api.apiRequest.mockImplementation((path) => (path === API.adminChannelSave ? answer() : new Promise(() => {})));
});
type User = ReturnType<typeof renderWithApp>['user'];
const retype = async (user: User, testId: string, text: string) => {
  await user.clear(screen.getByTestId(testId));
  if (text) await user.type(screen.getByTestId(testId), text);
};
const errorUnder = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent;

describe('ChannelForm', () => {
  it('shows the channel as decimal text and sends it back in minor units with the edits', async () => {
    const { user } = renderWithApp(<ChannelForm initial={BANK} onClose={onClose} />);
    expect(screen.getByTestId<HTMLInputElement>('channel-edit-min').value).toBe('100.00');
    await retype(user, 'channel-edit-max', '76,543.21');
    await retype(user, 'channel-edit-payee', 'New Payee');
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(sent()).toEqual([{ ...BANK, max: 7_654_321, bank: { ...BANK.bank, payee: 'New Payee' }, rate: null }]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('edits the name per language: filled ones sent trimmed, emptied ones left out, the plain name kept', async () => {
    const named = { ...BANK, name_translations: { th: 'กสิกรไทย', vi: 'Ngân hàng KBank' } };
    const { user } = renderWithApp(<ChannelForm initial={named} onClose={onClose} />);
    expect(screen.getByRole('group', { name: en('admin.channelNames') })).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('channel-edit-names-th').value).toBe('กสิกรไทย');
    expect(screen.getByTestId<HTMLInputElement>('channel-edit-names-en').value).toBe('');
    await retype(user, 'channel-edit-names-vi', '');
    await retype(user, 'channel-edit-names-pt', '  Banco KBank ');
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(sent()).toEqual([{ ...BANK, name_translations: { th: 'กสิกรไทย', pt: 'Banco KBank' }, rate: null }]);
  });

  it('says a demo channel is one; a real channel says nothing of the kind', () => {
    const { unmount } = renderWithApp(<ChannelForm initial={{ ...BANK, demo: true }} onClose={onClose} />);
    expect(screen.getByTestId('channel-edit-demo').textContent).toBe(en('admin.demoChannelNote'));
    unmount();
    renderWithApp(<ChannelForm initial={BANK} onClose={onClose} />);
    expect(screen.queryByTestId('channel-edit-demo')).toBeNull();
  });

  it("puts the API's refusal of a name in one language under that language's input", async () => {
    answer = () => Promise.reject(new ApiError(1, 'VALIDATION_FAILED', 'Too long', 'name_translations.zh-hk'));
    const { user } = renderWithApp(<ChannelForm initial={BANK} onClose={onClose} />);
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(errorUnder('name_translations.zh-hk')).toBe('Too long');
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    ['channel-edit-name', '', 'name', 'REQUIRED_FIELDS'],
    ['channel-edit-min', 'abc', 'min', 'AMOUNT_INVALID'],
    ['channel-edit-max', '', 'max', 'REQUIRED_FIELDS'],
    ['channel-edit-max', '1,50', 'max', 'AMOUNT_INVALID'],
  ])('%s %j: %s under %s, nothing sent', async (testId, text, field, key) => {
    const { user } = renderWithApp(<ChannelForm initial={BANK} onClose={onClose} />);
    await retype(user, testId, text);
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(errorUnder(field)).toBe(en(`errors:${key}`));
    expect(sent()).toEqual([]);
  });

  it("puts the API's error under the input it names, and a whole group's above the button", async () => {
    answer = () => Promise.reject(new ApiError(1, 'VALIDATION_FAILED', 'Payee is too long', 'bank.payee'));
    const { user } = renderWithApp(<ChannelForm initial={BANK} onClose={onClose} />);
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(errorUnder('payee')).toBe('Payee is too long');
    expect(screen.getByTestId('form-error').hidden).toBe(true);
    answer = () => Promise.reject(new ApiError(1, 'REQUIRED_FIELDS', 'Fill in the details', 'bank'));
    await user.click(screen.getByTestId('channel-edit-submit'));
    expect(screen.getByTestId('form-error').textContent).toBe('Fill in the details');
    expect(onClose).not.toHaveBeenCalled();
  });
});
