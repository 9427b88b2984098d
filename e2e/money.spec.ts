/**
 * The money screens in the browser at 390×844: deposit → operator approval → balance; bank card + fund password →
 * withdrawal → operator rejection → balance back; and every validation message of spec §8 on these screens.
 *
 * Each flow runs twice: against route mocks of the money API (`MockMoneyApi`, so the screens are tested while the
 * API is being built; accounts and login stay real) and against the real API, which is skipped until the API
 * answers GET /api/wallet/index. Set MONEY_SHOTS=1 to also write screenshots to /tmp/money-shots/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
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
const BR_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

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
// A stateful mock of the money API (contract shapes), shared by the player's and the operator's browser contexts.

type Json = Record<string, unknown>;
type Who = { user_id: number; account: string; nickname: string };

class MockMoneyApi {
  seq = 100;
  wallets = new Map<string, { balance: number; frozen: number }>();
  fundPwd = new Map<string, string>();
  payouts = new Map<string, Json[]>();
  deposits: (Json & { token: string; user: Who })[] = [];
  withdrawals: (Json & { token: string; user: Who })[] = [];
  who = new Map<string, Who>();
  readonly fee = { percent_bps: 100, fixed: 0, min: 500, max: null };
  readonly siteUrl: string;
  constructor(siteUrl: string) {
    this.siteUrl = siteUrl;
  }

  channels = [
    {
      id: 1,
      type: 'bank',
      name: 'Bank transfer',
      min: 10_000,
      max: 5_000_000,
      bank: { payee: 'Fairdraw Co., Ltd.', account_number: '123-4-56789-0', bank: 'Kasikornbank' },
      crypto: null,
    },
    { id: 2, type: 'pix', name: 'PIX', min: 1_000, max: 1_000_000, bank: null, crypto: null },
    {
      id: 3,
      type: 'crypto',
      name: 'USDT (TRC20)',
      min: 10_000,
      max: 10_000_000,
      bank: null,
      crypto: { coin: 'USDT-TRC20', address: TRON },
    },
  ];

  wallet(token: string) {
    let w = this.wallets.get(token);
    if (!w) this.wallets.set(token, (w = { balance: 0, frozen: 0 }));
    return w;
  }
  credit(token: string, amount: number) {
    this.wallet(token).balance += amount;
  }
  feeOf(amount: number) {
    return Math.max(this.fee.min, this.fee.fixed + Math.ceil((amount * this.fee.percent_bps) / 10_000));
  }
  async whoIs(token: string): Promise<Who> {
    const known = this.who.get(token);
    if (known) return known;
    const res = await fetch(`${this.siteUrl}/api/user/index`, { headers: { token } });
    const body = (await res.json()) as { data: { account: string; nickname: string } };
    const who = { user_id: this.who.size + 1, account: body.data.account, nickname: body.data.nickname };
    this.who.set(token, who);
    return who;
  }

  async install(context: BrowserContext) {
    await context.route('**/api/**', (route) => this.handle(route));
  }

  private async handle(route: Route) {
    const req = route.request();
    const url = new URL(req.url());
    const token = req.headers().token ?? '';
    const body = (req.postDataJSON() as Json | null) ?? {};
    const ok = (data: unknown) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data }) });
    const fail = (status: number, error: string, msg: string, field?: string) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ code: status, msg, error, field }),
      });
    const paged = (list: unknown[]) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return ok({
        list: list.slice((page - 1) * limit, page * limit),
        page,
        limit,
        has_more: page * limit < list.length,
      });
    };
    const strip = <T extends Json>(x: T) => {
      const { token: _t, ...rest } = x;
      void _t;
      return rest;
    };

    switch (url.pathname) {
      case '/api/user/index': {
        const res = await route.fetch();
        const env = (await res.json()) as { code: number; data?: Json };
        if (env.code === 200 && env.data) env.data.has_fund_password = this.fundPwd.has(token);
        return route.fulfill({ response: res, body: JSON.stringify(env) });
      }
      case '/api/user/fund_password': {
        if (this.fundPwd.has(token) && body.old_password !== this.fundPwd.get(token))
          return fail(400, 'OLD_PASSWORD_INCORRECT', 'The old password is incorrect', 'old_password');
        this.fundPwd.set(token, String(body.password));
        return ok(null);
      }
      case '/api/wallet/index': {
        const w = this.wallet(token);
        return ok({
          balance: w.balance,
          frozen: w.frozen,
          total_assets: w.balance + w.frozen,
          available: w.balance,
          currency: 'THB',
          exponent: 2,
          demo: false,
          fee: this.fee,
          withdraw_min: 10_000,
          withdraw_max: 5_000_000,
        });
      }
      case '/api/recharge/channels':
        return ok(this.channels);
      case '/api/recharge/submit': {
        const ch = this.channels.find((c) => c.id === body.channel_id);
        if (!ch) return fail(400, 'CHANNEL_REQUIRED', 'Please select a payment channel', 'channel_id');
        const key = req.headers()['idempotency-key'];
        const again = this.deposits.find((d) => d.key === key);
        if (again) return ok(strip(again));
        const dep = {
          token,
          key,
          user: await this.whoIs(token),
          id: ++this.seq,
          channel_id: ch.id,
          channel_type: ch.type,
          channel_name: ch.name,
          amount: body.amount,
          status: 'pending',
          reason: null,
          created_at: Date.now(),
          decided_at: null,
          br_code: ch.type === 'pix' ? BR_CODE : null,
          pay_address: ch.crypto?.address ?? null,
          tx_hash: (body.tx_hash as string | undefined) ?? null,
          transfer:
            ch.type === 'bank'
              ? {
                  payee: body.payee,
                  account_number: body.account_number,
                  bank: body.bank,
                  deposit_time: body.deposit_time,
                  payer_name: body.payer_name,
                }
              : null,
        };
        this.deposits.unshift(dep);
        return ok(strip(dep));
      }
      case '/api/recharge/list':
        return paged(this.deposits.filter((d) => d.token === token).map(strip));
      case '/api/payout/list':
        return ok(this.payouts.get(token) ?? []);
      case '/api/payout/add': {
        const list = this.payouts.get(token) ?? [];
        const id = ++this.seq;
        const p =
          body.type === 'bank'
            ? {
                id,
                type: 'bank',
                name: body.name,
                bank_name: body.bank_name,
                card_number: `**** ${String(body.card_number).slice(-4)}`,
                created_at: Date.now(),
              }
            : body.type === 'crypto'
              ? {
                  id,
                  type: 'crypto',
                  alias: body.alias,
                  coin: body.coin,
                  address: body.address,
                  created_at: Date.now(),
                }
              : { id, type: 'pix', key_type: 'email', key: body.key, created_at: Date.now() };
        this.payouts.set(token, [...list, p]);
        return ok(p);
      }
      case '/api/payout/delete':
        this.payouts.set(
          token,
          (this.payouts.get(token) ?? []).filter((p) => p.id !== body.id),
        );
        return ok(null);
      case '/api/withdraw/submit': {
        if (!this.fundPwd.has(token)) return fail(400, 'FUND_PASSWORD_NOT_SET', 'Please set the fund password first');
        const payout = (this.payouts.get(token) ?? []).find((p) => p.id === body.payout_id);
        if (!payout) return fail(400, 'PAYOUT_METHOD_REQUIRED', 'Please bind a wallet, bank card, or PIX first');
        if (body.fund_password !== this.fundPwd.get(token))
          return fail(400, 'FUND_PASSWORD_INCORRECT', 'Incorrect fund password. 4 attempts left.', 'fund_password');
        const amount = Number(body.amount);
        const fee = this.feeOf(amount);
        const w = this.wallet(token);
        if (amount + fee > w.balance) return fail(400, 'INSUFFICIENT_BALANCE', 'Insufficient balance', 'amount');
        w.balance -= amount + fee;
        w.frozen += amount + fee;
        const wd = {
          token,
          user: await this.whoIs(token),
          id: ++this.seq,
          amount,
          fee,
          payout,
          status: 'pending',
          reason: null,
          created_at: Date.now(),
          decided_at: null,
        };
        this.withdrawals.unshift(wd);
        return ok(strip(wd));
      }
      case '/api/withdraw/list':
        return paged(this.withdrawals.filter((w) => w.token === token).map(strip));
      case '/api/admin/recharge/list':
        return paged(
          this.deposits
            .filter((d) => d.status === (url.searchParams.get('status') ?? 'pending'))
            .filter((d) => !url.searchParams.get('q') || d.user.account.includes(url.searchParams.get('q') ?? ''))
            .map(strip),
        );
      case '/api/admin/withdraw/list':
        return paged(
          this.withdrawals.filter((d) => d.status === (url.searchParams.get('status') ?? 'pending')).map(strip),
        );
      case '/api/admin/recharge/approve':
      case '/api/admin/recharge/reject':
      case '/api/admin/pay/sandbox/confirm': {
        const d = this.deposits.find((x) => x.id === body.id);
        if (!d) return fail(404, 'DEPOSIT_NOT_FOUND', 'This deposit was not found');
        if (url.pathname.endsWith('reject')) {
          if (!body.reason) return fail(400, 'REASON_REQUIRED', 'Please give a reason', 'reason');
          Object.assign(d, { status: 'rejected', reason: body.reason, decided_at: Date.now() });
        } else {
          Object.assign(d, { status: 'success', decided_at: Date.now() });
          this.credit(d.token, Number(d.amount));
        }
        return ok(null);
      }
      case '/api/admin/withdraw/approve':
      case '/api/admin/withdraw/reject': {
        const wd = this.withdrawals.find((x) => x.id === body.id);
        if (!wd) return fail(404, 'WITHDRAWAL_NOT_FOUND', 'This withdrawal was not found');
        const w = this.wallet(wd.token);
        const held = Number(wd.amount) + Number(wd.fee);
        w.frozen -= held;
        if (url.pathname.endsWith('reject')) {
          if (!body.reason) return fail(400, 'REASON_REQUIRED', 'Please give a reason', 'reason');
          w.balance += held;
          Object.assign(wd, { status: 'rejected', reason: body.reason, decided_at: Date.now() });
        } else Object.assign(wd, { status: 'paid', decided_at: Date.now() });
        return ok(null);
      }
      case '/api/admin/channel/list':
        return ok(this.channels.map((c) => ({ ...c, enabled: true, sort: 0, pix: null })));
      case '/api/admin/audit/list':
        return paged([
          {
            id: 1,
            actor: 'ops',
            action: 'recharge.approve',
            target: 'deposit:101',
            before: { status: 'pending' },
            after: { status: 'success' },
            at: Date.now(),
          },
        ]);
      case '/api/admin/ledger/check':
        return ok({ ok: true, transactions: 3, postings: 6, total: 0, unbalanced: [], mismatches: [] });
      default:
        return route.continue();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers that work the same against the mock and the real API.

type Mode = { mock: MockMoneyApi | null };

const openPages = new Set<Page>();

async function newPhone(mode: Mode, lang: 'en' | 'th'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phone(t.browser, t.site.url, lang);
  if (mode.mock) await mode.mock.install(context);
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
async function depositFlow(mode: Mode, lang: 'en' | 'th') {
  const { context, page } = await newPhone(mode, lang);
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

  const ops = await newPhone(mode, lang);
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
async function withdrawFlow(mode: Mode, lang: 'en' | 'th', fund: (tok: string, amount: number) => Promise<void>) {
  const { context, page } = await newPhone(mode, lang);
  await registerInBrowser(page);
  await fund(await token(page), 50_000);

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

  const ops = await newPhone(mode, lang);
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
async function validationFlow(mode: Mode) {
  const { context, page } = await newPhone(mode, 'en');
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

describe('money screens against route mocks of the money API', () => {
  let mock: MockMoneyApi;
  beforeAll(() => {
    mock = new MockMoneyApi(t.site.url);
  });

  it('English: bank-transfer deposit, operator approves, /my shows the new balance exactly', async () => {
    await depositFlow({ mock }, 'en');
  });

  it('Thai: bank card + fund password, withdrawal rejected with a reason, balance back, record says rejected', async () => {
    await withdrawFlow({ mock }, 'th', (tok, amount) => {
      mock.credit(tok, amount);
      return Promise.resolve();
    });
  });

  it('shows every validation message of spec §8 for these screens', async () => {
    await validationFlow({ mock });
  });

  it('PIX: the BR Code as wrapping text and a QR code; crypto: address + network warning; guests cannot deposit', async () => {
    for (const lang of ['en', 'th'] as const) {
      const { context, page } = await newPhone({ mock }, lang);
      await registerInBrowser(page);
      await page.goto('/recharge');
      await page.getByTestId('channel-3').click();
      expect(await textOf(page, 'crypto-address')).toBe(TRON);
      await bodyHas(page, lang === 'en' ? 'Send only USDT on TRON (TRC20)' : 'ส่งเฉพาะ USDT บนเครือข่าย TRON (TRC20)');
      await shot(page, `${lang}-recharge-crypto`);
      await page.getByTestId('channel-2').click();
      await page.getByTestId('deposit-amount').fill('50');
      await page.getByTestId('deposit-submit').click();
      expect(await textOf(page, 'pix-code')).toBe(BR_CODE);
      expect(await page.locator('.qr svg').count()).toBe(1);
      // The long code wraps: the page never gets wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `${lang}-pix`);
      await context.close();
    }
    const { context, page } = await newPhone({ mock }, 'en');
    await page.goto('/login');
    await page.getByTestId('login-guest').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/recharge');
    await page.getByTestId('demo-deposit').waitFor();
    await bodyHas(page, 'Demo accounts play with play money only');
    await context.close();
  });

  it.runIf(process.env.MONEY_SHOTS)('screenshots: the two flows in the other language too', async () => {
    await depositFlow({ mock }, 'th');
    await withdrawFlow({ mock }, 'en', (tok, amount) => {
      mock.credit(tok, amount);
      return Promise.resolve();
    });
  });

  it('operator console: players are refused; the operator sees every tab', async () => {
    const { context, page } = await newPhone({ mock }, 'en');
    await registerInBrowser(page);
    await page.goto('/rechargeAdmin');
    await page.getByTestId('admin-forbidden').waitFor();
    await context.close();
    for (const lang of ['en', 'th'] as const) {
      const ops = await newPhone({ mock }, lang);
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
});

describe('money screens against the real API', () => {
  let ready = false;
  beforeAll(async () => {
    const res = await fetch(`${t.site.url}/api/wallet/index`);
    ready = res.status !== 404;
  });

  /** Funds a player through the real API: a bank-transfer deposit approved by the operator. */
  async function fundByApi(tok: string, amount: number) {
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${t.site.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const env = (await res.json()) as { code: number; data: Json };
      expect(env.code, `${path} ${JSON.stringify(env)}`).toBe(200);
      return env.data;
    };
    const channels = (await (
      await fetch(`${t.site.url}/api/recharge/channels`, { headers: { token: tok } })
    ).json()) as { data: { id: number; type: string }[] };
    const bank = channels.data.find((c) => c.type === 'bank');
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

  it('English: bank-transfer deposit, operator approves, /my shows the new balance exactly', async (ctx) => {
    if (!ready) ctx.skip();
    await depositFlow({ mock: null }, 'en');
  });

  it('Thai: withdrawal rejected with a reason, balance back, record says rejected', async (ctx) => {
    if (!ready) ctx.skip();
    await withdrawFlow({ mock: null }, 'th', fundByApi);
  });

  it('shows every validation message of spec §8 for these screens', async (ctx) => {
    if (!ready) ctx.skip();
    await validationFlow({ mock: null });
  });
});
