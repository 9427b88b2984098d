/**
 * Messages in the browser at 390×844, in Thai and English: a player whose deposit the operator approves
 * sees 1 on the My tab without a reload (the member stream), taps My → Messages, opens the message (worded in the page's language, with the amount),
 * and the badge is gone when they come back. Set MSG_SHOTS=<folder> to also write screenshots there (inbox,
 * message, My with the badge, and the console's Messages tab).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  markDocument,
  norm,
  OPERATOR_SITE,
  operatorLogin,
  readRepoJson,
  registerInBrowser,
  screenshotsTo,
  tokenOf,
} from './site-api.ts';

const t = useSite(OPERATOR_SITE);

type Lang = 'en' | 'th';
const webOf = (lang: Lang) =>
  readRepoJson(`apps/web/src/locales/${lang}.json`) as {
    page: { msg: string };
    common: { noMore: string; back: string };
  };
const systemOf = (lang: Lang) =>
  readRepoJson(`packages/contract/locales/${lang}/messages.json`) as { deposit_credited: { title: string } };

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
        // The page is open when the operator approves: the member stream brings the badge, with no reload.
        await page.getByTestId('tab-my').waitFor();
        const sameDocument = await markDocument(page);
        const depositId = await approvedDeposit(t.site, token, 12_345);

        const tabBadge = page.getByTestId('tab-my-badge');
        await tabBadge.waitFor({ timeout: 10_000 });
        expect(await sameDocument()).toBe(true);
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
        // The amount as the site shows money in that language.
        expect(norm(await body.innerText())).toContain(lang === 'th' ? '฿123.45' : 'THB 123.45');
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
      await operatorLogin(page);
      await page.goto('/rechargeAdmin?tab=messages');
      await page.getByTestId('admin-messages').waitFor();
      await shot(page, `${lang}-admin-messages`);
    } finally {
      await context.close();
    }
  });
});
