// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@fairdraw/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { BindBankPage } from './bind-bank-page.tsx';
import { CardsPage } from './cards-page.tsx';
import { VirtualAddPage } from './virtual-add-page.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

const sent = () => api.apiRequest.mock.calls.filter(([p]) => p === API.payoutAdd).map(([, init]) => init?.body);
let answer: () => Promise<unknown>;
beforeEach(() => {
  api.apiRequest.mockReset();
  answer = () => Promise.resolve({});
  api.apiRequest.mockImplementation((path) => (path === API.payoutAdd ? answer() : new Promise(() => {})));
});
type User = ReturnType<typeof renderWithApp>['user'];
const type = async (user: User, values: Record<string, string>) => {
  for (const [testId, text] of Object.entries(values)) if (text) await user.type(screen.getByTestId(testId), text);
  await user.click(screen.getByTestId('payout-submit'));
};
const errorUnder = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent;

describe('BindBankPage', () => {
  const ok = {
    'bank-name': ' Ann Lee ',
    'bank-bankname': 'KBank',
    'bank-card': '1234 5678x 9012',
    'payout-password': 'pw1',
  };

  it('sends the trimmed names, the card number without spaces (letters never typed) and the password', async () => {
    const { user } = renderWithApp(<BindBankPage />);
    await type(user, ok);
    expect(sent()).toEqual([
      { type: 'bank', name: 'Ann Lee', bank_name: 'KBank', card_number: '123456789012', password: 'pw1' },
    ]);
  });

  it.each([
    ['bank-name', 'name'],
    ['bank-bankname', 'bank_name'],
    ['bank-card', 'card_number'],
    ['payout-password', 'password'],
  ])('blank %s: REQUIRED_FIELDS under %s, nothing sent', async (testId, field) => {
    const { user } = renderWithApp(<BindBankPage />);
    await type(user, { ...ok, [testId]: '' });
    expect(errorUnder(field)).toBe(en('errors:REQUIRED_FIELDS'));
    expect(sent()).toEqual([]);
  });

  it("shows the API's refusal under the field it names, or above the button", async () => {
    answer = () => Promise.reject(new ApiError(1, 'BANK_CARD_INVALID', 'Card number is not valid', 'card_number'));
    const { user } = renderWithApp(<BindBankPage />);
    await type(user, ok);
    expect(errorUnder('card_number')).toBe('Card number is not valid');
    expect(screen.getByTestId('form-error').hidden).toBe(true);
  });
});

describe('VirtualAddPage', () => {
  it('sends the chosen coin with the trimmed alias and address', async () => {
    const { user } = renderWithApp(<VirtualAddPage />);
    await user.click(screen.getByTestId('coin-USDT-ERC20'));
    await type(user, { 'wallet-alias': 'Main ', 'wallet-address': ' 0xabc ', 'payout-password': 'pw1' });
    expect(sent()).toEqual([{ type: 'crypto', alias: 'Main', coin: 'USDT-ERC20', address: '0xabc', password: 'pw1' }]);
  });

  it('says what is missing under the first blank field', async () => {
    const { user } = renderWithApp(<VirtualAddPage />);
    await type(user, { 'wallet-alias': 'Main', 'payout-password': 'pw1' });
    expect(errorUnder('address')).toBe(en('errors:REQUIRED_FIELDS'));
    expect(errorUnder('alias')).toBeUndefined();
    expect(sent()).toEqual([]);
  });
});

describe('CardsPage PIX form', () => {
  it('sends the trimmed key, then empties the form for the next one', async () => {
    const { user } = renderWithApp(<CardsPage />);
    await user.click(screen.getByTestId('tab-pix'));
    await type(user, { 'pix-key': ' 123.456.789-09 ', 'payout-password': 'pw1' });
    expect(sent()).toEqual([{ type: 'pix', key: '123.456.789-09', password: 'pw1' }]);
    await expect.poll(() => screen.getByTestId<HTMLInputElement>('pix-key').value).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('payout-password').value).toBe('');
    expect(errorUnder('key')).toBeUndefined();
  });
});
