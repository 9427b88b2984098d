/**
 * Account history in the browser at 390×844, in Thai and English (issue 11): a player whose deposit the operator
 * approved taps My → Account history and sees the deposit credited with its amount, the list ending in 'No more
 * data'; the CSV export downloads a file that starts with the UTF-8 BOM and carries the header in the page's
 * language. Set HISTORY_SHOTS=<folder> to also write screenshots of the history there.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { norm, siteApi } from './site-api.ts';

const OPERATOR = { account: 'ops', password: 'opspass123' };
const t = useSite({
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
});

type Lang = 'en' | 'th';
type Texts = { history: string; frozen: string; cause: Record<string, string> };
const read = (path: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', path), 'utf8')) as unknown;
const textsOf = (lang: Lang) => (read(`apps/web/src/locales/${lang}.json`) as { wallet: Texts }).wallet;
const commonOf = (lang: Lang) => (read(`apps/web/src/locales/${lang}.json`) as { common: { noMore: string } }).common;
/** The CSV's header row per language, as the contract's ACCOUNT_CSV_TEXTS has it. */
const HEADER_START: Record<Lang, string> = { en: 'Time,Movement,Account,Amount', th: 'เวลา,รายการ,บัญชี,จำนวนเงิน' };

type Json = Record<string, unknown>;
const post = <T = Json>(path: string, body: unknown, headers: Record<string, string>) =>
  siteApi<T>(t.site, path, { body, headers });

/** A bank-transfer deposit of `amount` minor units, approved by the operator, through the real API. */
async function depositByApi(tok: string, amount: number) {
  const res = await fetch(`${t.site.url}/api/recharge/channels`, { headers: { token: tok } });
  const bank = ((await res.json()) as { data: { id: number; type: string }[] }).data.find((c) => c.type === 'bank');
  const dep = await post<{ id: number }>(
    '/api/recharge/submit',
    {
      channel_id: bank?.id,
      amount,
      payee: 'House',
      account_number: '1234567890',
      bank: 'Bank',
      deposit_time: Date.now(),
      payer_name: 'Payer',
    },
    { token: tok },
  );
  const op = await post<{ token: string }>('/api/user/login', OPERATOR, {});
  await post('/api/admin/recharge/approve', { id: dep.id }, { token: op.token });
  return dep.id;
}

async function register(page: Page): Promise<string> {
  await page.goto('/register');
  await page.getByTestId('register-account').fill(`h${randomBytes(5).toString('hex')}`);
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-confirm').fill('abc12345');
  await page.getByTestId('register-adult').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
}

async function shot(page: Page, name: string) {
  const dir = process.env.HISTORY_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

describe('account history', () => {
  it.each(['th', 'en'] as const)(
    '%s: My → Account history shows the deposit; the CSV export downloads with a BOM',
    async (lang) => {
      const texts = textsOf(lang);
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        const token = await register(page);
        const depositId = await depositByApi(token, 12_345);

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
