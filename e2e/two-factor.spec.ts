import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { OPERATOR, OPERATOR_SITE, operatorLogin } from './site-api.ts';

const t = useSite(OPERATOR_SITE);

/** The code of the time step `steps` after now (the server accepts the next step's code too). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Set, screenshots of the set-up and the code step are written there too (for a person to look at). */
const SHOTS = process.env.TWO_FACTOR_SCREENSHOTS;

describe('two-step verification in the browser', () => {
  it.each(['th', 'en'])('%s: set up from the password screen, sign out, sign in with the code', async (lang) => {
    const account = `tf${randomBytes(5).toString('hex')}`;
    const reg = await fetch(`${t.site.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: 'secret123', confirm_password: 'secret123', adult: true }),
    });
    expect(reg.status).toBe(200);
    const context = await phone(t.browser, t.site.url, lang);
    const page = await context.newPage();
    const signIn = async () => {
      await page.goto('/login');
      await page.getByTestId('login-account').fill(account);
      await page.getByTestId('login-password').fill('secret123');
      await page.getByTestId('login-submit').click();
    };
    await signIn();
    await page.waitForURL((u) => u.pathname === '/');

    // My → the password screen → two-step verification.
    await page.goto('/my');
    await page.locator('a[href="/editPwd"]').first().click();
    // The login password first: a wrong one is refused, and no key is shown.
    await page.getByTestId('twofactor-password').fill('wrong1234');
    await page.getByTestId('twofactor-start').click();
    await page.getByTestId('twofactor').getByRole('alert').filter({ hasText: /./ }).waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${lang}-2fa-password-wrong.png`), fullPage: true });
    expect(await page.getByTestId('twofactor-secret').count()).toBe(0);
    await page.getByTestId('twofactor-password').fill('secret123');
    await page.getByTestId('twofactor-start').click();
    const secret = (await page.getByTestId('twofactor-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${lang}-2fa-setup.png`), fullPage: true });
    await page.getByTestId('twofactor-code').fill(codeOf(secret));
    await page.getByTestId('twofactor-enable').click();
    await expect.poll(() => page.getByTestId('twofactor-recovery').locator('li').count()).toBe(10);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${lang}-2fa-codes.png`), fullPage: true });
    await page.getByTestId('twofactor-done').click();
    await page.getByTestId('twofactor-on').waitFor();

    // Sign out, then in: the password, then the code (the next step's: the one used to set up is spent).
    await page.goto('/');
    await page.getByTestId('home-logout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn();
    await page.getByTestId('login-code-step').waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${lang}-2fa-login.png`) });
    await page.getByTestId('login-code').fill('000000');
    await page.getByTestId('login-code-submit').click();
    await page.getByTestId('form-error').first().waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${lang}-2fa-login-wrong.png`) });
    await page.getByTestId('login-code').fill(codeOf(secret, 1));
    await page.getByTestId('login-code-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('the operator sets it up in the console at 1440×900, and his sign-in then asks for the code', async () => {
    const context = await t.browser.newContext({ baseURL: t.site.url, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    await operatorLogin(page);
    await page.goto('/rechargeAdmin');
    await page.getByTestId('admin-tab-twofactor').click();
    await page.getByTestId('twofactor-password').fill(OPERATOR.password);
    await page.getByTestId('twofactor-start').click();
    const secret = (await page.getByTestId('twofactor-secret').getAttribute('data-secret')) ?? '';
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'en-2fa-console.png') });
    await page.getByTestId('twofactor-code').fill(codeOf(secret));
    await page.getByTestId('twofactor-enable').click();
    await page.getByTestId('twofactor-recovery').waitFor();
    await page.getByTestId('twofactor-done').click();
    await page.getByTestId('twofactor-on').waitFor();

    const again = await context.browser()!.newContext({ baseURL: t.site.url, viewport: { width: 1440, height: 900 } });
    const next = await again.newPage();
    await next.goto('/login');
    await next.getByTestId('login-account').fill(OPERATOR.account);
    await next.getByTestId('login-password').fill(OPERATOR.password);
    await next.getByTestId('login-submit').click();
    await next.getByTestId('login-code').fill(codeOf(secret, 1));
    await next.getByTestId('login-code-submit').click();
    await next.waitForURL((u) => u.pathname === '/');
    await again.close();
    await context.close();
  });
});
