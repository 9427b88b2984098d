/**
 * The money screens in the browser at 390×844, against the real site (API + PGlite): deposit → operator approval →
 * balance and bank card + fund password → withdrawal → operator rejection → balance back, each in English and Thai;
 * PIX and crypto deposit screens; the operator console (channel edit, withdrawal fee settings, the full payout
 * destination); the login-password change; binding PIX keys and crypto wallets; and every validation message on
 * these screens. Tests that change house settings put them back, so each test stands alone.
 * Set MONEY_SHOTS=1 to also write screenshots to e2e/screenshots/money/ (or to MONEY_SHOTS_DIR).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '@fairdraw/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { phone, quiet, SCREENSHOTS } from './harness.ts';
import { useSite } from './fixtures.ts';
import { norm, OPERATOR, registerInBrowser, siteApi, tokenOf } from './site-api.ts';

// Many accounts and pages from one address within a minute here: lift the per-address limits for this site only.
const t = useSite({
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
});
const SHOTS = process.env.MONEY_SHOTS_DIR ?? join(SCREENSHOTS, 'money');

const errorsOf = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'packages/contract/locales', lang, 'errors.json'), 'utf8'),
  ) as Record<string, string>;
const REASON_REQUIRED = { en: errorsOf('en').REASON_REQUIRED ?? '', th: errorsOf('th').REASON_REQUIRED ?? '' };
const ERRORS_EN = errorsOf('en');
/** The web app's own texts (apps/web/src/locales/<lang>.json), for messages the browser writes itself. */
const webTexts = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'apps/web/src/locales', `${lang}.json`), 'utf8')) as {
    admin: Record<string, string>;
  };
const ADMIN_TEXTS = { en: webTexts('en').admin, th: webTexts('th').admin };

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
  const failures = join(SCREENSHOTS, 'failures');
  mkdirSync(failures, { recursive: true });
  let n = 0;
  for (const page of openPages) {
    await page
      .screenshot({ path: join(failures, `${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}-${n++}.png`) })
      .catch(() => undefined);
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
});

async function loginInBrowser(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

const token = tokenOf;

const textOf = async (page: Page, testId: string) => norm(await page.getByTestId(testId).first().innerText());
const bodyHas = (page: Page, text: string) =>
  expect.poll(async () => norm(await page.locator('body').innerText()).includes(text), { timeout: 10_000 }).toBe(true);

/** A phone-screen picture (not the whole page) with the element `testId` scrolled to the top. */
async function shotAt(page: Page, name: string, testId: string) {
  if (!process.env.MONEY_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await quiet(page);
  await page.getByTestId(testId).evaluate((el) => {
    const bar = document.querySelector('.top-bar')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - bar - 8);
  });
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function shot(page: Page, name: string) {
  if (!process.env.MONEY_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await quiet(page);
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
  const account = await registerInBrowser(page);
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
  const item = ops.page.getByTestId('admin-item').filter({ hasText: account });
  await item.waitFor();
  // The operator pays to the full card number; the player only ever sees it masked.
  expect(await textOf(ops.page, 'payout-to-number')).toBe('4111111111111111');
  await shot(ops.page, `${lang}-admin-withdrawals`);
  await item.getByTestId('admin-reject').click();
  await ops.page.getByTestId('admin-confirm').click();
  await bodyHas(ops.page, REASON_REQUIRED[lang]);
  await ops.page.getByTestId('admin-reason').fill('Name does not match the account');
  await ops.page.getByTestId('admin-confirm').click();
  await expect.poll(() => item.count()).toBe(0);
  await ops.context.close();

  await page.goto('/my');
  await expect.poll(() => textOf(page, 'wallet-balance')).toBe(thb(50_000, lang));
  await page.goto('/withdraw?tab=records');
  await page.getByTestId('record-item').first().waitFor();
  expect(await textOf(page, 'record-status')).toMatch(/Rejected withdrawal|การถอนถูกปฏิเสธ/);
  expect(await textOf(page, 'record-reason')).toContain('Name does not match the account');
  await context.close();
}

/** Flow 3: each validation message on these screens, where it belongs. */
async function validationFlow() {
  const { context, page } = await newPhone('en');
  await registerInBrowser(page);

  // A fresh THB site offers one channel (the others wait for their rates): it is chosen already, so the first
  // submit asks for the amount (with several channels the form asks for one first: deposit-form.test.tsx).
  await page.goto('/recharge');
  const offered = page.locator('[data-testid^="channel-"]');
  await offered.first().waitFor();
  expect(await offered.count()).toBe(1);
  expect(await offered.first().getAttribute('aria-pressed')).toBe('true');
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
  // Saved, it goes back to the withdrawal that asked for it, which now asks for a payout method.
  await page.waitForURL((u) => u.pathname === '/withdraw');
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

const post = <T = Json>(path: string, body: unknown, headers: Record<string, string>) =>
  siteApi<T>(t.site, path, { body, headers });

const get = <T>(path: string, tok: string) => siteApi<T>(t.site, path, { token: tok });

const operatorToken = async () => String((await post('/api/user/login', OPERATOR, {})).token);

/** A bank card (4111 1111 1111 1111) and the fund password 246810, through the real API. */
async function readyToWithdraw(tok: string) {
  await post(
    '/api/payout/add',
    {
      type: 'bank',
      name: 'Somchai Jaidee',
      bank_name: 'Kasikornbank',
      card_number: '4111 1111 1111 1111',
      password: 'abc12345',
    },
    { token: tok },
  );
  await post('/api/user/fund_password', { password: '246810', confirm_password: '246810' }, { token: tok });
}

/** Withdraws `amount` (decimal text) to the first payout method on /withdraw, confirming with the fund password. */
async function withdrawInBrowser(page: Page, amount: string) {
  await page.goto('/withdraw');
  await page.locator('[data-testid^="withdraw-payout-"]').first().click();
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-fundpwd').fill('246810');
  await page.getByTestId('withdraw-confirm').click();
  await page.getByTestId('record-item').first().waitFor();
}

type FeeRule = { percent_bps: number; fixed: number; min: number; max: number | null };
type WithdrawSettings = { fee: FeeRule; min: number; max: number };

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
  await post('/api/admin/recharge/approve', { id: dep.id }, { token: await operatorToken() });
}

describe('money screens', () => {
  it.each(['en', 'th'] as const)(
    '%s: bank-transfer deposit, operator approves, /my shows the new balance exactly',
    async (lang) => {
      await depositFlow(lang);
    },
  );

  it.each(['th', 'en'] as const)(
    '%s: bank card + fund password, withdrawal rejected with a reason, balance back, record says rejected',
    async (lang) => {
      await withdrawFlow(lang);
    },
  );

  it('shows every validation message of these screens', async () => {
    await validationFlow();
  });

  it('PIX: the BRL amount to pay shown live, a valid BR Code for it as wrapping text and a QR code; crypto: address + network warning', async () => {
    // On this THB site the BRL and USDT demo channels are offered once the operator has set their rates.
    const opTok = await operatorToken();
    for (const c of await get<(Json & { type: string; crypto: { coin: string } | null })[]>(
      '/api/admin/channel/list',
      opTok,
    )) {
      if (c.type === 'pix')
        await post('/api/admin/channel/save', { ...c, enabled: true, rate: '0.155' }, { token: opTok });
      if (c.crypto?.coin === 'USDT-TRC20') {
        await post('/api/admin/channel/save', { ...c, enabled: true, rate: '0.0285' }, { token: opTok });
      }
    }
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
      // ฿123.45 at ฿1 = 0.0285 USDT: 3.52 USDT to send, shown before confirming.
      await page.getByTestId('deposit-amount').fill('123.45');
      await expect.poll(() => textOf(page, 'deposit-pay-amount')).toContain('3.52');
      await page.getByTestId(`channel-${pix?.id}`).click();
      // ฿50.00 at ฿1 = R$0.155: R$7.75, live as the amount is typed; the BR Code is for that.
      await page.getByTestId('deposit-amount').fill('50');
      await expect.poll(() => textOf(page, 'deposit-pay-amount')).toContain('7.75');
      await page.getByTestId('deposit-amount').fill('123.45');
      await expect.poll(() => textOf(page, 'deposit-pay-amount')).toContain('19.14');
      expect(await textOf(page, 'deposit-rate')).toBe('1 THB = 0.155 BRL');
      await shot(page, `${lang}-recharge-pix-rate`);
      await page.getByTestId('deposit-amount').fill('50');
      await page.getByTestId('deposit-submit').click();
      const code = await textOf(page, 'pix-code');
      expect(verifyBrCode(code)).toBe(true);
      expect(parseBrCode(code).amount).toBe(775);
      expect(await textOf(page, 'deposit-result-pay')).toContain('7.75');
      expect(await page.locator('.qr svg').count()).toBe(1);
      // The long code wraps: the page never gets wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `${lang}-pix`);
      await context.close();
    }
    // The operator's queue shows what the player must pay (R$7.75) beside the credit; the sandbox can simulate the
    // payment; the Providers tab shows the webhook secret this start generated.
    const ops = await newPhone('en');
    await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
    await ops.page.goto('/rechargeAdmin?tab=deposits');
    const item = ops.page.getByTestId('admin-item').first();
    // The console's code and the queue load first (expect.poll alone gives up after a second).
    await item.getByTestId('admin-expected').waitFor();
    await expect.poll(async () => norm(await item.getByTestId('admin-expected').innerText())).toContain('R$7.75');
    expect(norm(await item.getByTestId('admin-expected').innerText())).toContain('1 THB = 0.155 BRL');
    await item.getByTestId('admin-sandbox-pay').waitFor();
    await ops.page.goto('/rechargeAdmin?tab=providers');
    await expect.poll(() => textOf(ops.page, 'admin-provider-secret')).toMatch(/^[0-9a-f]{64}$/);
    await ops.context.close();
  });

  it('guests see that demo accounts cannot deposit or withdraw', async () => {
    const { context, page } = await newPhone('en');
    await page.goto('/login');
    await page.getByTestId('login-guest').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/recharge');
    await page.getByTestId('demo-deposit').waitFor();
    await bodyHas(page, 'Demo accounts play with play money only');
    // Withdrawing says the same up front, not a load error with a retry that can never work.
    await page.goto('/withdraw');
    await page.getByTestId('demo-withdraw').waitFor();
    expect(await page.getByTestId('error-state').count()).toBe(0);
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

  it('the operator changes the bank channel maximum; the player’s /recharge shows the new maximum', async () => {
    const opTok = await operatorToken();
    const before = await get<(Json & { id: number; type: string; enabled: boolean })[]>(
      '/api/admin/channel/list',
      opTok,
    );
    const bank = before.find((c) => c.type === 'bank' && c.enabled);
    expect(bank).toBeDefined();
    try {
      const ops = await newPhone('en');
      await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
      await ops.page.goto('/rechargeAdmin?tab=channels');
      const row = ops.page.locator(`[data-testid="admin-channel"][data-id="${bank?.id}"]`);
      await row.getByTestId('admin-channel-edit').click();
      const minField = ops.page.getByTestId('channel-edit-min');
      const maxField = ops.page.getByTestId('channel-edit-max');
      const submit = ops.page.getByTestId('channel-edit-submit');
      const minText = await minField.inputValue();
      // A maximum below the minimum: the API's message (field `max`) under the maximum, not above the button.
      await minField.fill('500');
      await maxField.fill('100');
      await submit.click();
      await expect.poll(() => textOf(ops.page, 'field-error-max')).toBe(ERRORS_EN.AMOUNT_INVALID);
      expect(await maxField.getAttribute('aria-invalid')).toBe('true');
      expect(await ops.page.getByTestId('form-error').isHidden()).toBe(true);
      // Not an amount, or nothing: the browser's own message, under that field.
      await minField.fill('abc');
      await submit.click();
      await expect.poll(() => textOf(ops.page, 'field-error-min')).toBe(ERRORS_EN.AMOUNT_INVALID);
      expect(await ops.page.getByTestId('field-error-max').count()).toBe(0);
      await minField.fill(minText);
      await maxField.fill('');
      await submit.click();
      await expect.poll(() => textOf(ops.page, 'field-error-max')).toBe(ERRORS_EN.REQUIRED_FIELDS);
      expect(await get<Json[]>('/api/admin/channel/list', opTok)).toEqual(before);

      await maxField.fill('76,543.21');
      await submit.click();
      await expect.poll(async () => norm(await row.innerText())).toContain(thb(7_654_321, 'en'));
      await ops.context.close();

      const { context, page } = await newPhone('th');
      await registerInBrowser(page);
      await page.goto('/recharge');
      await expect.poll(() => textOf(page, `channel-${bank?.id}`)).toContain(thb(7_654_321, 'th'));
      await page.getByTestId(`channel-${bank?.id}`).click();
      await page.getByTestId('deposit-amount').fill('76543.22');
      await page.getByTestId('deposit-submit').click();
      expect(await textOf(page, 'form-error')).toContain(thb(7_654_321, 'th'));
      await context.close();
    } finally {
      await post('/api/admin/channel/save', bank, { token: opTok });
    }
  });

  it('a new crypto channel with a broken house address: the API’s message under the address, nothing created', async () => {
    const opTok = await operatorToken();
    const before = await get<Json[]>('/api/admin/channel/list', opTok);
    const ops = await newPhone('en');
    await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
    await ops.page.goto('/rechargeAdmin?tab=channels');
    await ops.page.getByRole('button', { name: '+ crypto' }).click();
    await ops.page.getByTestId('channel-edit-name').fill('Broken wallet');
    await ops.page.getByTestId('channel-edit-min').fill('1');
    await ops.page.getByTestId('channel-edit-max').fill('100');
    await ops.page.getByTestId('channel-edit-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
    await ops.page.getByTestId('channel-edit-submit').click();
    // The API names it `crypto.address`: the form shows it under its address input.
    await expect.poll(() => textOf(ops.page, 'field-error-address')).toBe(ERRORS_EN.CRYPTO_ADDRESS_INVALID);
    expect(await ops.page.getByTestId('form-error').isHidden()).toBe(true);
    expect(await get<Json[]>('/api/admin/channel/list', opTok)).toEqual(before);
    await ops.context.close();
  });

  it.each(['en', 'th'] as const)(
    '%s: the operator saves a 1 percent fee with a 5.00 minimum; /withdraw shows fee and total; the balance drops by both',
    async (lang) => {
      const opTok = await operatorToken();
      const before = await get<WithdrawSettings>('/api/admin/withdraw/settings', opTok);
      try {
        const { context, page } = await newPhone(lang);
        await registerInBrowser(page);
        const tok = await token(page);
        await fundByApi(tok, 200_000);
        await readyToWithdraw(tok);

        const ops = await newPhone(lang);
        await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
        await ops.page.goto('/rechargeAdmin?tab=channels');
        const field = (name: string) => ops.page.getByTestId(`wset-${name}`);
        const errorOf = (name: string) => textOf(ops.page, `field-error-${name}`);
        await field('fee-percent_bps').waitFor();
        // Nonsense first: each message under its own field, nothing saved.
        await field('fee-percent_bps').fill('150');
        await field('fee-min').fill('5.00');
        await field('fee-max').fill('1');
        await field('min').fill('abc');
        await field('max').fill('');
        await field('submit').click();
        expect(await errorOf('fee.percent_bps')).toBe(ADMIN_TEXTS[lang].percentInvalid);
        expect(await errorOf('fee.max')).toBe(ADMIN_TEXTS[lang].feeMaxBelowMin);
        expect(await errorOf('min')).toBe(errorsOf(lang).AMOUNT_INVALID);
        expect(await errorOf('max')).toBe(errorsOf(lang).REQUIRED_FIELDS);
        expect(await get<WithdrawSettings>('/api/admin/withdraw/settings', opTok)).toEqual(before);

        await field('fee-percent_bps').fill('1');
        await field('fee-fixed').fill('0');
        await field('fee-max').fill('');
        await field('min').fill('100.00');
        await field('max').fill('50,000');
        await field('submit').click();
        await ops.page.getByTestId('wset-saved').waitFor();
        expect(await textOf(ops.page, 'wset-saved')).toBe(ADMIN_TEXTS[lang].settingsSaved);
        // Sent as integers: percent in ten-thousandths, money in minor units, no maximum as null.
        expect(await get<WithdrawSettings>('/api/admin/withdraw/settings', opTok)).toEqual({
          fee: { percent_bps: 100, fixed: 0, min: 500, max: null },
          min: 10_000,
          max: 5_000_000,
          require_kyc: false,
        });
        await ops.page.reload();
        await expect.poll(() => field('fee-percent_bps').inputValue()).toBe('1');
        expect(await field('fee-min').inputValue()).toBe('5.00');
        expect(await field('fee-max').inputValue()).toBe('');
        await shotAt(ops.page, `${lang}-admin-withdraw-settings`, 'withdraw-settings');
        await field('submit').click();
        await ops.page.getByTestId('wset-saved').waitFor();
        await shotAt(ops.page, `${lang}-admin-withdraw-settings-saved`, 'withdraw-settings');
        await ops.context.close();

        await page.goto('/withdraw');
        await page.locator('[data-testid^="withdraw-payout-"]').first().click();
        await page.getByTestId('withdraw-amount').fill('200');
        await expect.poll(() => textOf(page, 'withdraw-fee')).toBe(thb(500, lang)); // 1 % = 2.00, raised to 5.00
        expect(await textOf(page, 'withdraw-total')).toBe(thb(20_500, lang));
        await page.getByTestId('withdraw-amount').fill('1000');
        await expect.poll(() => textOf(page, 'withdraw-fee')).toBe(thb(1_000, lang));
        expect(await textOf(page, 'withdraw-total')).toBe(thb(101_000, lang));
        await page.getByTestId('withdraw-submit').click();
        await page.getByTestId('withdraw-fundpwd').fill('246810');
        await page.getByTestId('withdraw-confirm').click();
        await page.getByTestId('record-item').first().waitFor();
        await page.goto('/my');
        await expect.poll(() => textOf(page, 'wallet-balance')).toBe(thb(200_000 - 101_000, lang));
        expect(await get<{ balance: number; frozen: number }>('/api/wallet/index', tok)).toMatchObject({
          balance: 99_000,
          frozen: 101_000,
        });
        await context.close();
      } finally {
        await post('/api/admin/withdraw/settings', before, { token: opTok });
      }
    },
  );

  it('the operator sees the full card number to pay (and copies it); the player sees it masked', async () => {
    const { context, page } = await newPhone('en');
    const account = await registerInBrowser(page);
    const tok = await token(page);
    await fundByApi(tok, 50_000);
    await readyToWithdraw(tok);
    await withdrawInBrowser(page, '100');
    expect(norm(await page.getByTestId('record-item').first().innerText())).toContain('•••• 1111');
    expect(await page.locator('body').innerText()).not.toContain('4111111111111111');
    await page.goto('/cards');
    await page.getByTestId('payout-item').first().waitFor();
    expect(await page.locator('body').innerText()).not.toContain('4111111111111111');

    const ops = await newPhone('en');
    await ops.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInBrowser(ops.page, OPERATOR.account, OPERATOR.password);
    await ops.page.goto('/depositAdmin');
    await ops.page.getByTestId('admin-search').fill(account);
    await ops.page.getByTestId('admin-search').press('Enter');
    const item = ops.page.getByTestId('admin-item').filter({ hasText: account });
    await item.waitFor();
    expect(await ops.page.getByTestId('admin-item').count()).toBe(1);
    expect(norm(await item.getByTestId('payout-to-name').innerText())).toBe('Somchai Jaidee');
    expect(norm(await item.getByTestId('payout-to-bank').innerText())).toBe('Kasikornbank');
    const number = item.getByTestId('payout-to-number');
    expect(norm(await number.innerText())).toBe('4111111111111111');
    await item
      .locator('.copy-row', { has: ops.page.getByTestId('payout-to-number') })
      .getByRole('button')
      .click();
    await expect.poll(() => ops.page.evaluate(() => navigator.clipboard.readText())).toBe('4111111111111111');
    // No balance chip: operators have no wallet.
    expect(await ops.page.getByTestId('topbar-balance').count()).toBe(0);
    await ops.context.close();
    await context.close();
  });

  it('login password: the old one is required and checked; then other sessions go to /login and the new one works', async () => {
    const a = await newPhone('en');
    const account = await registerInBrowser(a.page);
    const b = await newPhone('en');
    await loginInBrowser(b.page, account, 'abc12345');
    await b.page.goto('/recharge');
    await b.page.getByTestId('topbar-balance').waitFor();

    await a.page.goto('/editPwd');
    await a.page.getByTestId('loginpwd-password').fill('newpass123');
    await a.page.getByTestId('loginpwd-confirm').fill('newpass123');
    await a.page.getByTestId('loginpwd-submit').click();
    expect(await textOf(a.page, 'form-error')).toBe(ERRORS_EN.REQUIRED_FIELDS);
    await a.page.getByTestId('loginpwd-old').fill('wrongpass1');
    await a.page.getByTestId('loginpwd-submit').click();
    await expect.poll(() => textOf(a.page, 'form-error')).toBe(ERRORS_EN.OLD_PASSWORD_INCORRECT);
    await a.page.getByTestId('loginpwd-old').fill('abc12345');
    await a.page.getByTestId('loginpwd-submit').click();
    await a.page.getByTestId('password-changed').waitFor();

    // The other browser's next API call (tapping its balance) answers 401: it is sent to /login.
    await b.page.getByTestId('topbar-balance').click();
    await b.page.waitForURL((u) => u.pathname === '/login');
    await loginInBrowser(b.page, account, 'newpass123');
    await a.context.close();
    await b.context.close();
  });

  it('PIX key and crypto wallet: invalid ones show the field error, valid ones are listed', async () => {
    const { context, page } = await newPhone('en');
    await registerInBrowser(page);

    await page.goto('/cards?tab=pix');
    await page.getByTestId('pix-key').fill('123.456.789-00');
    await page.getByTestId('payout-password').fill('abc12345');
    await page.getByTestId('payout-submit').click();
    await expect.poll(() => textOf(page, 'field-error-key')).toBe(ERRORS_EN.PIX_KEY_INVALID);
    await page.getByTestId('pix-key').fill('123.456.789-09');
    await page.getByTestId('payout-submit').click();
    const pix = page.getByTestId('payout-item').first();
    await pix.waitFor();
    expect(norm(await pix.innerText())).toMatch(/PIX · ••••8909[\s\S]*CPF/);
    expect(await page.getByTestId('field-error-key').count()).toBe(0);
    // The same key again, spelled otherwise: refused under the key, still one method listed.
    await page.getByTestId('pix-key').fill('12345678909');
    await page.getByTestId('payout-password').fill('abc12345');
    await page.getByTestId('payout-submit').click();
    await expect.poll(() => textOf(page, 'field-error-key')).toBe(ERRORS_EN.PAYOUT_ALREADY_BOUND);
    expect(await page.getByTestId('payout-item').count()).toBe(1);

    const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    await page.goto('/virtualAdd');
    await page.getByTestId('wallet-alias').fill('My TRON wallet');
    await page.getByTestId('coin-USDT-TRC20').click();
    await page.getByTestId('wallet-address').fill(`${tron.slice(0, -1)}u`);
    await page.getByTestId('payout-password').fill('abc12345');
    await page.getByTestId('payout-submit').click();
    await expect.poll(() => textOf(page, 'field-error-address')).toBe(ERRORS_EN.CRYPTO_ADDRESS_INVALID);
    await page.getByTestId('wallet-address').fill(tron);
    await page.getByTestId('payout-submit').click();
    await page.waitForURL((u) => u.pathname === '/virtual');
    const wallet = page.getByTestId('payout-item').first();
    await wallet.waitFor();
    expect(norm(await wallet.innerText())).toContain('My TRON wallet · USDT-TRC20');
    expect(norm(await wallet.innerText())).toContain(tron);
    await context.close();
  });
});
