import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ORIGIN, phone, storage } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite();

const newAccount = () => `p${randomBytes(5).toString('hex')}`;

describe('accounts in the browser', () => {
  it('registers, shows avatar and nickname on Home, and Log Out clears storage but keeps the language', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    const account = newAccount();
    await page.goto('/register');
    await page.getByTestId('register-account').fill(account);
    await page.getByTestId('register-nickname').fill('Lucky Star');
    await page.getByTestId('register-password').fill('abc12345');
    await page.getByTestId('register-confirm').fill('abc12345');
    await page.getByTestId('register-adult').check();
    await page.getByTestId('register-submit').click();
    // The deposit-limit offer that follows registering, skipped.
    await page.getByTestId('deposit-limit-skip').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.getByTestId('home-nickname').innerText()).toContain('Lucky Star');
    expect(await page.getByTestId('home-avatar').getAttribute('src')).toMatch(/^\/art\/avatars\/\d\.svg$/);
    // Home's user bar shows the new player's balance, nothing yet, in the house currency.
    await expect.poll(() => page.getByTestId('topbar-balance').innerText()).toMatch(/THB\s*0\.00/);
    const before = await storage(page);
    const info = JSON.parse(before.local.userInfo ?? '{}') as { token?: string; nickname?: string; avatar?: string };
    expect(info.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(info.nickname).toBe('Lucky Star');
    await page.evaluate(() => sessionStorage.setItem('scratch', '1'));

    await page.getByTestId('home-logout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    const after = await storage(page);
    expect(after.local).toEqual({ lang: 'en' });
    expect(after.session).toEqual({});
    // The old token was revoked on the server.
    const res = await fetch(`${t.site.url}/api/user/index`, { headers: { token: info.token ?? '' } });
    expect(res.status).toBe(401);
    await context.close();
  });

  it('refuses a registration whose passwords differ, and one without the legal-age confirmation', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByTestId('register-account').fill(newAccount());
    await page.getByTestId('register-password').fill('abc12345');
    await page.getByTestId('register-confirm').fill('abc12399');
    await page.getByTestId('register-adult').check();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('form-error').first().innerText()).toContain('Passwords do not match');
    await page.getByTestId('register-confirm').fill('abc12345');
    await page.getByTestId('register-adult').uncheck();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('form-error').first().innerText()).toMatch(/legal age/i);
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('logs in, and shows the exact message for a wrong password', async () => {
    const account = newAccount();
    const reg = await fetch(`${t.site.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: 'secret123', confirm_password: 'secret123', adult: true }),
    });
    expect(reg.status).toBe(200);
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill('wrong-pass');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(async () => (await page.locator('body').innerText()).includes('Incorrect account or password!'))
      .toBe(true);
    await page.getByTestId('login-password').fill('secret123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.getByTestId('home-nickname').innerText()).toContain(account);
    // A tab that needs login now opens.
    await page.getByTestId('tab-my').click();
    await page.waitForURL((u) => u.pathname === '/my');
    await context.close();
  });

  it('"Try demo" starts a guest session', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-guest').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.getByTestId('home-nickname').innerText()).toContain('Guest');
    // The guest's balance on Home is marked as demo money.
    await expect.poll(() => page.getByTestId('topbar-balance').innerText()).toMatch(/Demo[\s\S]*THB\s*10,000\.00/);
    const info = JSON.parse((await storage(page)).local.userInfo ?? '{}') as { token?: string };
    expect(info.token).toBeTruthy();
    // My invites the guest to register, one tap from the form.
    await page.getByTestId('tab-my').click();
    await page.waitForURL((u) => u.pathname === '/my');
    expect(await page.getByTestId('my-guest-invite').innerText()).toContain('demo money');
    await page.getByTestId('my-guest-register').click();
    await page.waitForURL((u) => u.pathname === '/register');
    await context.close();
  });

  it('a 401 from the API clears the login state and goes to /login', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'userInfo',
          JSON.stringify({
            token: 'revoked-or-made-up',
            avatar: '/art/avatars/1.svg',
            nickname: 'Ghost',
            account: 'ghost',
            is_guest: false,
            role: 'player',
          }),
        );
      }
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    const s = await storage(page);
    expect(s.local.userInfo).toBeUndefined();
    expect(s.local.lang).toBe('en');
    await context.close();
  });

  it('follows a code 301 only to an allow-listed https origin', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    let target = `${ALLOWED_ORIGIN}/checkout?id=1`;
    await page.route('**/api/index/index', (route) =>
      route.fulfill({ json: { code: 301, msg: 'redirect', data: target } }),
    );
    await page.route(`${ALLOWED_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>provider</title><p>provider page</p>' }),
    );
    await page.goto('/');
    await page.waitForURL((u) => u.origin === ALLOWED_ORIGIN);
    expect(page.url()).toBe(target);

    for (const bad of [
      'javascript:alert(1)',
      'https://evil.test/x',
      `https://ok@evil.test/`,
      '//evil.test/x',
      'http://pay.fairdraw.test/',
    ]) {
      target = bad;
      await page.goto(`${t.site.url}/`);
      await expect.poll(() => page.getByTestId('toast').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).origin).toBe(t.site.url);
    }
    await context.close();
  });
});
