// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { en, renderWithApp } from '../test/render.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { PATHS } from '../lib/paths.ts';
import { SignedOutState } from './states.tsx';

const session = vi.hoisted(() => ({ login: vi.fn(), loginSecondStep: vi.fn(), startGuest: vi.fn() }));
vi.mock('../lib/session.ts', () => session);

beforeEach(() => vi.resetAllMocks());

const SIGNED_IN = { userInfo: { must_change_password: false } };

/** A signed-out screen, saying where it is. */
function Screen({ register }: { register?: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="at">{pathname + search}</p>
      <SignedOutState text="signed out" register={register} />
    </>
  );
}

/** A signed-out screen at `at`, the login page, and Home, in one router. */
function site(at: string, register?: boolean) {
  return renderWithApp(
    <Routes>
      <Route path={PATHS.home} element={<p data-testid="home-here" />} />
      <Route path={PATHS.login} element={<LoginPage />} />
      <Route path="*" element={<Screen register={register} />} />
    </Routes>,
    { at },
  );
}

async function logIn(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByTestId('login-account'), 'player1');
  await user.type(screen.getByTestId('login-password'), 'secret1');
  await user.click(screen.getByTestId('login-submit'));
}

describe('a signed-out screen', () => {
  it('offers log-in and registration; logging in comes back to the screen, its query kept', async () => {
    session.login.mockResolvedValue(SIGNED_IN);
    const { user } = site('/withdraw?from=my');
    expect(screen.getByRole('link', { name: en('auth.toRegister') })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: en('home.login') }));
    await logIn(user);
    expect((await screen.findByTestId('at')).textContent).toBe('/withdraw?from=my');
    expect(session.login).toHaveBeenCalledOnce();
  });

  it('the operator console offers no registration', () => {
    site(PATHS.admin, false);
    expect(screen.getByRole('link', { name: en('home.login') })).toBeTruthy();
    expect(screen.queryByRole('link', { name: en('auth.toRegister') })).toBeNull();
  });

  it('a log-in opened from anywhere else goes Home; a return address to another site is ignored', async () => {
    session.login.mockResolvedValue(SIGNED_IN);
    const { user } = renderWithApp(
      <Routes>
        <Route path={PATHS.home} element={<p data-testid="home-here" />} />
        <Route path={PATHS.login} element={<LoginPage />} />
      </Routes>,
      { at: { pathname: PATHS.login, state: { from: '//elsewhere.example/x' } } },
    );
    await logIn(user);
    expect(await screen.findByTestId('home-here')).toBeTruthy();
  });
});
