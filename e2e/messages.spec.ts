/**
 * Messages in the browser at 390×844, in Thai and English (issue 11): a player whose deposit the operator approves
 * sees 1 on the My tab, taps My → Messages, opens the message (worded in the page's language, with the amount),
 * and the badge is gone when they come back. Set MSG_SHOTS=<folder> to also write screenshots there (inbox,
 * message, My with the badge, and the console's Messages tab).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { approvedDeposit, norm, OPERATOR, registerInBrowser, screenshotsTo, tokenOf } from './site-api.ts';

const t = useSite({
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
});

type Lang = 'en' | 'th';
const read = (path: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', path), 'utf8')) as unknown;
const webOf = (lang: Lang) =>
  read(`apps/web/src/locales/${lang}.json`) as { page: { msg: string }; common: { noMore: string; back: string } };
const systemOf = (lang: Lang) =>
  read(`packages/contract/locales/${lang}/messages.json`) as { deposit_credited: { title: string } };

const shot = screenshotsTo(process.env.MSG_SHOTS);
/** A fresh player registered in the browser; answers the session's token. */
async function register(page: Page): Promise<string> {
  await registerInBrowser(page);
  return tokenOf(page);
}

describe('messages', () => {
  it.each(['th', 'en'] as const)(
    '%s: a deposit approved → 1 on My → Messages → the message → the badge is gone',
    async (lang) => {
      const web = webOf(lang);
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        const token = await register(page);
        const depositId = await approvedDeposit(t.site, token, 12_345);

        // Home (the unread count is asked when the tab bar shows): the My tab carries 1.
        await page.reload();
        const tabBadge = page.getByTestId('tab-my-badge');
        await tabBadge.waitFor();
        expect(norm(await tabBadge.innerText())).toBe('1');

        await page.getByTestId('tab-my').click();
        await page.waitForURL((u) => u.pathname === '/my');
        expect(norm(await page.getByTestId('my-msg-badge').innerText())).toBe('1');
        await shot(page, `${lang}-my-badge`);

        await page.getByTestId('my-msg').click();
        await page.waitForURL((u) => u.pathname === '/msg');
        const row = page.locator('a.msg-row');
        await row.first().waitFor();
        expect(norm(await page.getByTestId('page-title').innerText())).toBe(web.page.msg);
        expect(await row.count()).toBe(1);
        expect(await row.first().getAttribute('data-read')).toBe('false');
        expect(norm(await row.first().innerText())).toContain(systemOf(lang).deposit_credited.title);
        expect(norm(await page.getByTestId('no-more-data').innerText())).toBe(web.common.noMore);
        await shot(page, `${lang}-msg`);

        await row.first().click();
        await page.waitForURL((u) => u.pathname === '/msgDetail');
        const body = page.getByTestId('msg-detail-body');
        await body.waitFor();
        expect(norm(await body.innerText())).toContain(`#${depositId}`);
        expect(norm(await body.innerText())).toContain('123.45 THB');
        await shot(page, `${lang}-msg-detail`);

        // Back to the inbox (now read), back to My: no badge any more.
        await page.getByRole('button', { name: web.common.back }).click();
        await page.waitForURL((u) => u.pathname === '/msg');
        await expect.poll(() => row.first().getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
        await page.getByRole('button', { name: web.common.back }).click();
        await page.waitForURL((u) => u.pathname === '/my');
        await expect.poll(() => page.getByTestId('tab-my-badge').count(), { timeout: 10_000 }).toBe(0);
        expect(await page.getByTestId('my-msg-badge').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  it.each(['th', 'en'] as const)('%s: the console Messages tab (screenshot only when asked)', async (lang) => {
    if (!process.env.MSG_SHOTS) return;
    const context = await phone(t.browser, t.site.url, lang);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('login-account').fill(OPERATOR.account);
      await page.getByTestId('login-password').fill(OPERATOR.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/rechargeAdmin?tab=messages');
      await page.getByTestId('admin-messages').waitFor();
      await shot(page, `${lang}-admin-messages`);
    } finally {
      await context.close();
    }
  });
});
