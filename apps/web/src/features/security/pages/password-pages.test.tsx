// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { API, type Profile } from '@fairdraw/contract';
import { profileQuery } from '../../../lib/server-state/profile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { en, renderWithApp, TOKEN } from '../../../test/render.tsx';
import { FundPasswordPage } from './fund-password-page.tsx';
import { LoginPasswordPage } from './login-password-page.tsx';

const api = vi.hoisted(() => ({
  apiRequest: vi.fn<(path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>>(),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: api.apiRequest,
}));

/** What the page sent to `path` (other calls, such as the profile, never answer). */
const sent = (path: string) => api.apiRequest.mock.calls.filter(([p]) => p === path).map(([, init]) => init?.body);
let answer: () => Promise<unknown>;
beforeEach(() => {
  api.apiRequest.mockReset();
  answer = () => Promise.resolve({});
  api.apiRequest.mockImplementation((path: string) =>
    path === API.fundPassword || path === API.changePassword ? answer() : new Promise(() => {}),
  );
});
// The password form's own error line (the two-step panel below it has one too).
const formError = () => screen.getAllByTestId('form-error')[0]?.textContent;
const invalid = (testId: string) => screen.getByTestId(testId).getAttribute('aria-invalid');

describe('FundPasswordPage (setting it)', () => {
  const submit = async (user: ReturnType<typeof renderWithApp>['user'], password: string, confirm: string) => {
    if (password) await user.type(screen.getByTestId('fundpwd-password'), password);
    if (confirm) await user.type(screen.getByTestId('fundpwd-confirm'), confirm);
    await user.click(screen.getByTestId('fundpwd-submit'));
  };

  it('keeps digits only and sends the six of them with the confirmation', async () => {
    const { user } = renderWithApp(<FundPasswordPage />);
    await submit(user, '12a34-56', '123456');
    expect(sent(API.fundPassword)).toEqual([{ password: '123456', confirm_password: '123456' }]);
  });

  it.each([
    ['12345', '12345', 'FUND_PASSWORD_FORMAT', 'fundpwd-password'],
    ['', '', 'FUND_PASSWORD_FORMAT', 'fundpwd-password'],
    ['123456', '123457', 'PASSWORDS_DO_NOT_MATCH', 'fundpwd-confirm'],
  ])('%j / %j: %s, %s marked, nothing sent', async (password, confirm, key, field) => {
    const { user } = renderWithApp(<FundPasswordPage />);
    await submit(user, password, confirm);
    expect(formError()).toBe(en(`errors:${key}`));
    expect(invalid(field)).toBe('true');
    expect(sent(API.fundPassword)).toEqual([]);
  });
});

describe('FundPasswordPage (where it leads)', () => {
  const page = (
    <Routes>
      <Route path="/setPwd" element={<FundPasswordPage />} />
      <Route path="/editPwdto" element={<FundPasswordPage />} />
      <Route path="/withdraw" element={<p>withdrawal</p>} />
      <Route path="/my" element={<p>member page</p>} />
    </Routes>
  );
  const fill = async (user: ReturnType<typeof renderWithApp>['user']) => {
    await user.type(screen.getByTestId('fundpwd-password'), '123456');
    await user.type(screen.getByTestId('fundpwd-confirm'), '123456');
    await user.click(screen.getByTestId('fundpwd-submit'));
  };

  it('goes back to the withdrawal that sent the player here, else to the member page', async () => {
    const first = renderWithApp(page, { at: { pathname: '/setPwd', state: { from: '/withdraw' } } });
    await fill(first.user);
    expect(await screen.findByText('withdrawal')).toBeTruthy();
    first.unmount();
    const second = renderWithApp(page, { at: { pathname: '/setPwd', state: { from: '//elsewhere.example' } } });
    await fill(second.user);
    expect(await screen.findByText('member page')).toBeTruthy();
  });

  it('asks for no current password at /editPwdto when none was ever set', async () => {
    const { client } = renderWithApp(page, { at: '/editPwdto' });
    act(() => {
      client.setQueryData(profileQuery(TOKEN).queryKey, { has_fund_password: false } as Profile);
    });
    await waitFor(() => expect(screen.queryByTestId('fundpwd-old')).toBeNull());
    act(() => {
      client.setQueryData(profileQuery(TOKEN).queryKey, { has_fund_password: true } as Profile);
    });
    await waitFor(() => expect(screen.queryByTestId('fundpwd-old')).not.toBeNull());
  });
});

describe('LoginPasswordPage', () => {
  const submit = async (user: ReturnType<typeof renderWithApp>['user'], v: [string, string, string]) => {
    for (const [id, text] of [
      ['old', v[0]],
      ['password', v[1]],
      ['confirm', v[2]],
    ] as const) {
      if (text) await user.type(screen.getByTestId(`loginpwd-${id}`), text);
    }
    await user.click(screen.getByTestId('loginpwd-submit'));
  };

  it('sends the old and new passwords, then says other devices are logged out', async () => {
    const { user } = renderWithApp(<LoginPasswordPage />);
    await submit(user, ['old123', 'new123', 'new123']);
    expect(sent(API.changePassword)).toEqual([
      { old_password: 'old123', password: 'new123', confirm_password: 'new123' },
    ]);
    expect(await screen.findByTestId('password-changed')).toBeTruthy();
  });

  it.each([
    [['', 'new123', 'new123'], 'REQUIRED_FIELDS', 'loginpwd-old'],
    [['old123', 'new123', ''], 'REQUIRED_FIELDS', 'loginpwd-confirm'],
    [['old123', 'abc', 'abc'], 'PASSWORD_FORMAT', 'loginpwd-password'],
    [['old123', 'new123', 'new124'], 'PASSWORDS_DO_NOT_MATCH', 'loginpwd-confirm'],
  ] as const)('%j: %s, %s marked, nothing sent', async (values, key, field) => {
    const { user } = renderWithApp(<LoginPasswordPage />);
    await submit(user, [...values]);
    expect(formError()).toBe(en(`errors:${key}`));
    expect(invalid(field)).toBe('true');
    expect(sent(API.changePassword)).toEqual([]);
  });

  it("shows the API's refusal of the old password, with that field marked", async () => {
    answer = () => Promise.reject(new ApiError(1, 'OLD_PASSWORD_INCORRECT', 'Old password wrong', 'old_password'));
    const { user } = renderWithApp(<LoginPasswordPage />);
    await submit(user, ['bad123', 'new123', 'new123']);
    expect(formError()).toBe('Old password wrong');
    expect(invalid('loginpwd-old')).toBe('true');
  });
});
