/**
 * Account history in the browser at 390×844, in Thai and English: a player whose deposit the operator
 * approved taps My → Account history and sees the deposit credited with its amount, the list ending in 'No more
 * data'; the CSV export downloads a file that starts with the UTF-8 BOM and carries the header in the page's
 * language. Set HISTORY_SHOTS=<folder> to also write screenshots of the history there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  norm,
  OPERATOR_SITE,
  readRepoJson,
  registerInBrowser,
  screenshotsTo,
  siteApi,
  tokenOf,
} from './site-api.ts';

const t = useSite(OPERATOR_SITE);

type Lang = 'en' | 'th';
type Texts = { history: string; frozen: string; cause: Record<string, string> };
const textsOf = (lang: Lang) => (readRepoJson(`apps/web/src/locales/${lang}.json`) as { wallet: Texts }).wallet;
const commonOf = (lang: Lang) =>
  (readRepoJson(`apps/web/src/locales/${lang}.json`) as { common: { noMore: string } }).common;
/** The CSV's header row per language, as the contract's STATEMENT_CSV_TEXTS has it. */
const HEADER_START: Record<Lang, string> = { en: 'Time,Movement,Account,Amount', th: 'เวลา,รายการ,บัญชี,จำนวนเงิน' };

type Json = Record<string, unknown>;
const shot = screenshotsTo(process.env.HISTORY_SHOTS);
/** A fresh player registered in the browser; answers the session's token. */
async function register(page: Page): Promise<string> {
  await registerInBrowser(page);
  return tokenOf(page);
}
const post = <T = Json>(path: string, body: unknown, headers: Record<string, string>) =>
  siteApi<T>(t.site, path, { body, headers });

describe('account history', () => {
  it.each(['th', 'en'] as const)(
    '%s: My → Account history shows the deposit; the CSV export downloads with a BOM',
    async (lang) => {
      const texts = textsOf(lang);
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        const token = await register(page);
        const depositId = await approvedDeposit(t.site, token, 12_345);

        // From the tab bar's My, one tap on the row.
        await page.goto('/my');
        await page.getByRole('link', { name: texts.history }).click();
        await page.waitForURL((u) => u.pathname === '/purses' && u.searchParams.get('tab') === 'history');
        const item = page.locator('[data-testid="history-item"][data-cause="deposit"]');
        await item.first().waitFor();
        expect(await page.getByTestId('history-item').count()).toBe(1);
        const row = norm(await item.first().innerText());
        expect(row).toContain(texts.cause.deposit);
        expect(row).toContain('123.45');
        expect(row).toContain(`#${depositId}`);
        expect(norm(await page.getByTestId('no-more-data').innerText())).toBe(commonOf(lang).noMore);
        await page.getByTestId('history-older').waitFor();
        await shot(page, `${lang}-history`);

        // The export (default: the last month, from the day the account opened) downloads as a file.
        const downloaded = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const download = await downloaded;
        expect(download.suggestedFilename()).toMatch(/^account-history-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
        const path = await download.path();
        const bytes = readFileSync(path);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
        expect(lines[0]?.startsWith(HEADER_START[lang])).toBe(true);
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(',123.45,123.45,THB,');
        expect(await page.getByTestId('export-error').isHidden()).toBe(true);

        // A withdrawal request shows twice: taken from the balance and held as frozen.
        await post(
          '/api/payout/add',
          {
            type: 'bank',
            name: 'Somchai Jaidee',
            bank_name: 'Kasikornbank',
            card_number: '4111 1111 1111 1111',
            password: 'abc12345',
          },
          { token },
        );
        await post('/api/user/fund_password', { password: '246810', confirm_password: '246810' }, { token });
        const payouts = await fetch(`${t.site.url}/api/payout/list`, { headers: { token } });
        const payoutId = ((await payouts.json()) as { data: { id: number }[] }).data[0]?.id;
        await post('/api/withdraw/submit', { amount: 10_000, payout_id: payoutId, fund_password: '246810' }, { token });
        await page.reload();
        const held = page.locator('[data-testid="history-item"][data-cause="withdrawal_held"]');
        await expect.poll(() => held.count(), { timeout: 10_000 }).toBe(2);
        expect(norm(await held.first().innerText())).toContain(texts.cause.withdrawal_held);
        expect(norm(await held.first().innerText())).toContain(texts.frozen);
        await shot(page, `${lang}-history-withdrawal`);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
