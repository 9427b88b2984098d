import { describe, expect, it } from 'vitest';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite();

describe('navigation', () => {
  it.each(['tab-games', 'tab-bonus', 'tab-support', 'tab-my'])(
    'without login, %s shows "Please log in first" and goes to /login',
    async (tab) => {
      const context = await phone(t.browser, t.site.url, 'en');
      const page = await context.newPage();
      await page.goto('/');
      await page.getByTestId('tabbar').waitFor();
      await page.getByTestId(tab).click();
      await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Please log in first');
      await page.waitForURL((u) => u.pathname === '/login');
      await context.close();
    },
  );

  it('the Home tab passes freely', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/lang');
    await page.goto('/');
    await page.getByTestId('tab-home').click();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('redirects an unknown route to /', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('home-login').waitFor();
    await context.close();
  });

  it('blocks pinch zoom with non-passive two-finger touch handlers', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('tabbar').waitFor();
    const prevented = await page.evaluate(() => {
      const mk = (id: number, x: number) =>
        new Touch({ identifier: id, target: document.body, clientX: x, clientY: 300 });
      const two = new TouchEvent('touchmove', {
        touches: [mk(1, 100), mk(2, 200)],
        bubbles: true,
        cancelable: true,
      });
      const one = new TouchEvent('touchmove', { touches: [mk(1, 100)], bubbles: true, cancelable: true });
      document.body.dispatchEvent(two);
      document.body.dispatchEvent(one);
      return { two: two.defaultPrevented, one: one.defaultPrevented };
    });
    expect(prevented).toEqual({ two: true, one: false });
    await context.close();
  });
});
