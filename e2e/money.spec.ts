/**
 * The money screens in the browser at 390×844, against the real site (API + PGlite): deposit → operator approval →
 * balance; bank card + fund password → withdrawal → operator rejection → balance back; PIX and crypto deposit
 * screens; the operator console; and every validation message of spec §8 on these screens.
 * Set MONEY_SHOTS=1 to also write screenshots to /tmp/money-shots/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '@fairdraw/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const OPERATOR = { account: 'ops', password: 'opspass123' };
// Many accounts and pages from one address within a minute here: lift the per-address limits for this site only.
const t = useSite({
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
});
const SHOTS = '/tmp/money-shots';

const errorsOf = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'packages/contract/locales', lang, 'errors.json'), 'utf8'),
  ) as Record<string, string>;
const REASON_REQUIRED = { en: errorsOf('en').REASON_REQUIRED ?? '', th: errorsOf('th').REASON_REQUIRED ?? '' };

const newAccount = () => `m${randomBytes(5).toString('hex')}`;

/** The wallet's text for an amount of THB minor units, as the page formats it (NBSP normalised). */
function thb(minor: number, lang: 'en' | 'th'): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'th-TH', {
    style: 'currency',
    currency: 'THB',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(minor / 100)
    .replace(/\u00a0/g, ' ');
}
const norm = (s: string) => s.replace(/\u00a0/g, ' ').trim();

// ---------------------------------------------------------------------------------------------------------------
// Helpers.

const openPages = new Set<Page>();

async function newPhone(lang: 'en' | 'th'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phone(t.browser, t.site.url, lang);
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

// On a failure, keep a picture of every page still open (the place where it stopped).
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  mkdirSync('/tmp/money-failures', { recursive: true });
  let n = 0;
  for (const page of openPages) {
    await page
      .screenshot({ path: `/tmp/money-failures/${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}-${n++}.png` })
      .catch(() => undefined);
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
});

async function registerInBrowser(page: Page): Promise<string> {
  const account = newAccount();
  await page.goto('/register');
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-confirm').fill('abc12345');
  await page.getByTestId('register-adult').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  return account;
}

async function loginInBrowser(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

async function token(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
}

const textOf = async (page: Page, testId: string) => norm(await page.getByTestId(testId).first().innerText());
const bodyHas = (page: Page, text: string) =>
  expect.poll(async () => norm(await page.locator('body').innerText()).includes(text), { timeout: 10_000 }).toBe(true);

async function shot(page: Page, name: string) {
  if (!process.env.MONEY_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Flow 1: deposit by bank transfer → the operator approves → the player's balance shows the amount exactly. */
async function depositFlow(lang: 'en' | 'th') {
  const { context, page } = await newPhone(lang);
  await registerInBrowser(page);
  await page.goto('/recharge');
  const bank = page
    .locator('[data-testid^="channel-"]')
    .filter({ hasText: /bank|ธนาคาร|transfer|โอน/i })
    .first();
  await bank.click();
  await page.getByTestId('deposit-amount').fill('1,234.5');
  await page.getByTestId('transfer-payee').fill('Fairdraw Co., Ltd.');
  await page.getByTestId('transfer-account').fill('1234567890');
  await page.getByTestId('transfer-bank').fill('Kasikornbank');
  await page.getByTestId('transfer-time').fill('2026-11-22T10:30');
  await page.getByTestId('transfer-payer').fill('Somchai Jaidee');
  await shot(page, `${lang}-recharge-bank`);
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-result').waitFor();
  expect(await textOf(page, 'deposit-result')).toContain(thb(123_450, lang));
  const account = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { account: string }).account,
  );

  const ops = await newPhone(lang);
  await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
  await ops.page.goto('/rechargeAdmin');
  const item = ops.page.getByTestId('admin-item').filter({ hasText: account });
  await item.waitFor();
  await shot(ops.page, `${lang}-admin-deposits`);
  await item.getByTestId('admin-approve').click();
  await ops.page.getByTestId('admin-confirm').click();
  await expect.poll(() => item.count()).toBe(0);
  await ops.context.close();

  await page.goto('/my');
  await expect.poll(() => textOf(page, 'wallet-balance')).toBe(thb(123_450, lang));
  await shot(page, `${lang}-my`);
  await page.goto('/rechargeNotes');
  await page.getByTestId('record-item').first().waitFor();
  expect(await textOf(page, 'record-status')).toMatch(/Success|สำเร็จ/);
  await page.getByTestId('no-more-data').waitFor();
  await shot(page, `${lang}-rechargeNotes`);
  await context.close();
}

/** Flow 2: bank card + fund password → withdraw → the operator rejects with a reason → the balance is back. */
async function withdrawFlow(lang: 'en' | 'th') {
  const { context, page } = await newPhone(lang);
  await registerInBrowser(page);
  await fundByApi(await token(page), 50_000);

  await page.goto('/bindBank');
  await page.getByTestId('bank-name').fill('Somchai Jaidee');
  await page.getByTestId('bank-bankname').fill('Kasikornbank');
  await page.getByTestId('bank-card').fill('4111 1111 1111 1111');
  await page.getByTestId('payout-password').fill('abc12345');
  await shot(page, `${lang}-bindBank`);
  await page.getByTestId('payout-submit').click();
  await page.waitForURL((u) => u.pathname === '/cards');
  await page.getByTestId('payout-item').first().waitFor();
  await shot(page, `${lang}-cards`);

  await page.goto('/setPwd');
  await page.getByTestId('fundpwd-password').fill('246810');
  await page.getByTestId('fundpwd-confirm').fill('246810');
  await shot(page, `${lang}-setPwd`);
  await page.getByTestId('fundpwd-submit').click();
  await page.waitForURL((u) => u.pathname === '/my');

  await page.goto('/withdraw');
  const before = await textOf(page, 'topbar-balance');
  await page.locator('[data-testid^="withdraw-payout-"]').first().click();
  await page.getByTestId('withdraw-amount').fill('100');
  await page.getByTestId('withdraw-fee').waitFor();
  await shot(page, `${lang}-withdraw`);
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-fundpwd').fill('246810');
  await page.getByTestId('withdraw-confirm').click();
  await page.getByTestId('record-item').first().waitFor();
  await expect.poll(() => textOf(page, 'topbar-balance')).not.toBe(before);

  const ops = await newPhone(lang);
  await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
  await ops.page.goto('/depositAdmin');
  const item = ops.page.getByTestId('admin-item').first();
  await item.waitFor();
  await item.getByTestId('admin-reject').click();
  await ops.page.getByTestId('admin-confirm').click();
  await bodyHas(ops.page, REASON_REQUIRED[lang]);
  await ops.page.getByTestId('admin-reason').fill('Name does not match the account');
  await ops.page.getByTestId('admin-confirm').click();
  await expect.poll(() => ops.page.getByTestId('admin-item').count()).toBe(0);
  await ops.context.close();

  await page.goto('/my');
  await expect.poll(() => textOf(page, 'wallet-balance')).toBe(thb(50_000, lang));
  await page.goto('/withdraw?tab=records');
  await page.getByTestId('record-item').first().waitFor();
  expect(await textOf(page, 'record-status')).toMatch(/Rejected withdrawal|การถอนถูกปฏิเสธ/);
  expect(await textOf(page, 'record-reason')).toContain('Name does not match the account');
  await context.close();
}

/** Flow 3: each validation message of spec §8 on these screens, where it belongs. */
async function validationFlow() {
  const { context, page } = await newPhone('en');
  await registerInBrowser(page);

  await page.goto('/recharge');
  await page.getByTestId('deposit-submit').click();
  expect(await textOf(page, 'form-error')).toBe('Please select a payment channel');
  await page.locator('[data-testid^="channel-"]').first().click();
  await page.getByTestId('deposit-submit').click();
  expect(await textOf(page, 'form-error')).toBe('Please enter the amount');
  await page.getByTestId('deposit-amount').fill('200');
  await page.getByTestId('deposit-submit').click();
  await bodyHas(page, 'Please complete all fields');

  await page.goto('/withdraw');
  await page.getByTestId('withdraw-need-fundpwd').waitFor();
  await bodyHas(page, 'Please set the fund password first');
  await page.getByTestId('goto-setpwd').click();
  await page.waitForURL((u) => u.pathname === '/setPwd');
  await page.getByTestId('fundpwd-password').fill('123');
  await page.getByTestId('fundpwd-confirm').fill('123');
  await page.getByTestId('fundpwd-submit').click();
  expect(await textOf(page, 'form-error')).toBe('Password must be 6 digits!');
  await page.getByTestId('fundpwd-password').fill('123456');
  await page.getByTestId('fundpwd-confirm').fill('654321');
  await page.getByTestId('fundpwd-submit').click();
  expect(await textOf(page, 'form-error')).toBe('Passwords do not match');
  await page.getByTestId('fundpwd-confirm').fill('123456');
  await page.getByTestId('fundpwd-submit').click();
  await page.waitForURL((u) => u.pathname === '/my');

  await page.goto('/withdraw');
  await page.getByTestId('withdraw-need-payout').waitFor();
  await bodyHas(page, 'Please bind a wallet, bank card, or PIX first');
  await page.getByTestId('goto-bindbank').click();
  await page.getByTestId('bank-name').fill('Ann Lee');
  await page.getByTestId('bank-bankname').fill('SCB');
  await page.getByTestId('bank-card').fill('4111 1111 1111 1111');
  await page.getByTestId('payout-password').fill('abc12345');
  await page.getByTestId('payout-submit').click();
  await page.waitForURL((u) => u.pathname === '/cards');

  await page.goto('/withdraw');
  await page.getByTestId('withdraw-amount').fill('100');
  await page.getByTestId('withdraw-submit').click();
  expect(await textOf(page, 'form-error')).toBe('Insufficient balance');
  await context.close();
}

// ---------------------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<Json> {
  const res = await fetch(`${t.site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; data: Json };
  expect(env.code, `${path} ${JSON.stringify(env)}`).toBe(200);
  return env.data;
}

type Channel = { id: number; type: string; crypto: { coin: string; address: string } | null };
async function channels(tok: string): Promise<Channel[]> {
  const res = await fetch(`${t.site.url}/api/recharge/channels`, { headers: { token: tok } });
  return ((await res.json()) as { data: Channel[] }).data;
}

/** Funds a player through the real API: a bank-transfer deposit approved by the operator. */
async function fundByApi(tok: string, amount: number) {
  const bank = (await channels(tok)).find((c) => c.type === 'bank');
  const dep = await post(
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
    { token: tok, 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
  );
  const login = await post('/api/user/login', OPERATOR, {});
  await post('/api/admin/recharge/approve', { id: dep.id }, { token: String(login.token) });
}

describe('money screens', () => {
  it('English: bank-transfer deposit, operator approves, /my shows the new balance exactly', async () => {
    await depositFlow('en');
  });

  it('Thai: bank card + fund password, withdrawal rejected with a reason, balance back, record says rejected', async () => {
    await withdrawFlow('th');
  });

  it('shows every validation message of spec §8 for these screens', async () => {
    await validationFlow();
  });

  it('PIX: a valid BR Code for the amount as wrapping text and a QR code; crypto: address + network warning', async () => {
    for (const lang of ['en', 'th'] as const) {
      const { context, page } = await newPhone(lang);
      await registerInBrowser(page);
      const list = await channels(await token(page));
      const tron = list.find((c) => c.crypto?.coin === 'USDT-TRC20');
      const pix = list.find((c) => c.type === 'pix');
      await page.goto('/recharge');
      await page.getByTestId(`channel-${tron?.id}`).click();
      expect(await textOf(page, 'crypto-address')).toBe(tron?.crypto?.address);
      await bodyHas(page, lang === 'en' ? 'Send only USDT on TRON (TRC20)' : 'ส่งเฉพาะ USDT บนเครือข่าย TRON (TRC20)');
      await shot(page, `${lang}-recharge-crypto`);
      await page.getByTestId(`channel-${pix?.id}`).click();
      await page.getByTestId('deposit-amount').fill('50');
      await page.getByTestId('deposit-submit').click();
      const code = await textOf(page, 'pix-code');
      expect(verifyBrCode(code)).toBe(true);
      expect(parseBrCode(code).amount).toBe(5000);
      expect(await page.locator('.qr svg').count()).toBe(1);
      // The long code wraps: the page never gets wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `${lang}-pix`);
      await context.close();
    }
  });

  it('guests see that demo accounts cannot deposit', async () => {
    const { context, page } = await newPhone('en');
    await page.goto('/login');
    await page.getByTestId('login-guest').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/recharge');
    await page.getByTestId('demo-deposit').waitFor();
    await bodyHas(page, 'Demo accounts play with play money only');
    await context.close();
  });

  it('operator console: players are refused; the operator sees the ledger check, the audit log and both queues', async () => {
    const { context, page } = await newPhone('en');
    await registerInBrowser(page);
    await fundByApi(await token(page), 10_000); // leaves an audit row and ledger postings to show
    await page.goto('/rechargeAdmin');
    await page.getByTestId('admin-forbidden').waitFor();
    await context.close();
    for (const lang of ['en', 'th'] as const) {
      const ops = await newPhone(lang);
      await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
      await ops.page.goto('/rechargeAdmin?tab=ledger');
      await ops.page.getByTestId('ledger-report').waitFor();
      await ops.page.goto('/rechargeAdmin?tab=audit');
      await ops.page.getByTestId('audit-item').first().waitFor();
      await ops.page.goto('/depositAdmin');
      await ops.page.getByTestId('admin-tab-withdrawals').waitFor();
      await ops.page.getByTestId('admin-tab-deposits').click();
      await shot(ops.page, `${lang}-admin`);
      await ops.context.close();
    }
  });

  it.runIf(process.env.MONEY_SHOTS)('screenshots: the two flows in the other language too', async () => {
    await depositFlow('th');
    await withdrawFlow('en');
  });
});
