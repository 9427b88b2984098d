// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

const session = vi.hoisted(() => ({ login: vi.fn(), register: vi.fn(), startGuest: vi.fn() }));
vi.mock('../../../lib/session.ts', () => session);
// The page's reads after registering (the deposit-limit offer reads the player's limits) are answered here.
vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

beforeEach(() => vi.resetAllMocks());

const formError = () => screen.getByTestId('form-error').textContent;
const invalid = (testId: string) => screen.getByTestId(testId).getAttribute('aria-invalid');

describe('LoginPage', () => {
  it('sends the trimmed account and the password', async () => {
    session.login.mockResolvedValue({});
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByTestId('login-account'), ' player1 ');
    await user.type(screen.getByTestId('login-password'), 'secret1');
    await user.click(screen.getByTestId('login-submit'));
    expect(session.login).toHaveBeenCalledWith({ account: 'player1', password: 'secret1' });
  });

  it.each([
    ['', 'secret1', 'REQUIRED_FIELDS', 'login-account'],
    ['player1', '', 'REQUIRED_FIELDS', 'login-password'],
    ['player1', '12345', 'LOGIN_PASSWORD_FORMAT', 'login-password'],
    ['player1', 'x'.repeat(21), 'LOGIN_PASSWORD_FORMAT', 'login-password'],
  ])('%j / %j: %s above the button, %s marked, nothing sent', async (account, password, key, field) => {
    const { user } = renderWithApp(<LoginPage />);
    if (account) await user.type(screen.getByTestId('login-account'), account);
    if (password) await user.type(screen.getByTestId('login-password'), password);
    await user.click(screen.getByTestId('login-submit'));
    expect(formError()).toBe(en(`errors:${key}`));
    expect(invalid(field)).toBe('true');
    expect(session.login).not.toHaveBeenCalled();
  });

  it("shows the API's own text for a refusal", async () => {
    session.login.mockRejectedValue(new ApiError(1, 'INCORRECT_CREDENTIALS', 'Wrong account or password', 'password'));
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByTestId('login-account'), 'player1');
    await user.type(screen.getByTestId('login-password'), 'secret1');
    await user.click(screen.getByTestId('login-submit'));
    expect(formError()).toBe('Wrong account or password');
    expect(invalid('login-password')).toBe('true');
  });
});

describe('RegisterPage', () => {
  const fill = async (user: ReturnType<typeof renderWithApp>['user'], v: Record<string, string>, adult = true) => {
    for (const [id, text] of Object.entries(v)) if (text) await user.type(screen.getByTestId(`register-${id}`), text);
    if (adult) await user.click(screen.getByTestId('register-adult'));
    await user.click(screen.getByTestId('register-submit'));
  };
  const ok = { account: 'player1', password: 'abc123', confirm: 'abc123', nickname: '' };

  it('sends the registration, the nickname trimmed or left out', async () => {
    session.register.mockResolvedValue({});
    request.mockResolvedValue({ offer_deposit_limit: true });
    const { user } = renderWithApp(<RegisterPage />);
    await fill(user, { ...ok, nickname: ' Nick ' });
    expect(session.register).toHaveBeenCalledWith({
      account: 'player1',
      password: 'abc123',
      confirm_password: 'abc123',
      nickname: 'Nick',
      adult: true,
    });
    // Registered: the offer to set a deposit limit, as the player's limits say it is due.
    expect(await screen.findByTestId('deposit-limit-offer')).toBeTruthy();
    expect(request.mock.calls.map(([path]) => path)).toContain(API.protectionLimits);
  });

  it.each([
    [{ ...ok, account: '' }, true, 'REQUIRED_FIELDS', 'register-account'],
    [{ ...ok, confirm: '' }, true, 'REQUIRED_FIELDS', 'register-confirm'],
    [{ ...ok, account: 'a!' }, true, 'ACCOUNT_FORMAT', 'register-account'],
    [{ ...ok, account: 'a!', password: 'abc', confirm: 'abd' }, true, 'ACCOUNT_FORMAT', 'register-account'],
    [{ ...ok, password: 'abc', confirm: 'abc' }, true, 'PASSWORD_FORMAT', 'register-password'],
    [{ ...ok, confirm: 'abc124' }, true, 'PASSWORDS_DO_NOT_MATCH', 'register-confirm'],
    [{ ...ok, confirm: 'abc124' }, false, 'PASSWORDS_DO_NOT_MATCH', 'register-confirm'],
    [ok, false, 'ADULT_REQUIRED', 'register-adult'],
  ])('%j (adult %s): %s, %s marked, nothing sent', async (values, adult, key, field) => {
    const { user } = renderWithApp(<RegisterPage />);
    await fill(user, values, adult);
    expect(formError()).toBe(en(`errors:${key}`));
    expect(invalid(field)).toBe('true');
    expect(session.register).not.toHaveBeenCalled();
  });
});
