/**
 * The operator console in the browser, at a desk (1280×800) and on a phone (390×844), in Thai and
 * English: the side navigation's sections, the audit log in the shared table (sorted, filtered, paged by the
 * server), a draw verified in the browser with fd1 (match), and a player who never downloads console code. Set
 * CONSOLE_SHOTS=<folder> to also write screenshots there.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phone, settled } from './harness.ts';
import { useSite } from './fixtures.ts';
import { approvedDeposit, drawCurrentPeriod, OPERATOR, registerInBrowser, screenshotsTo, siteApi } from './site-api.ts';
import { siteClock } from './site-clock.ts';
import { checkDist, CONSOLE_MODULE } from '../apps/web/scripts/console-isolation.ts';

// Periods of five minutes that never draw during the test on their own: a test that needs a drawn period moves the
// site's clock past the current one's draw (drawCurrentPeriod) instead of waiting for it.
const clock = siteClock();
const t = useSite({
  ...clock.env,
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
  GAME_CYCLE_OVERRIDE_SECONDS: '300',
});
const shot = screenshotsTo(process.env.CONSOLE_SHOTS);
const DESK = { width: 1280, height: 800 } as const;
/** The machine may be busy: a page of the console can take seconds to answer. */
const POLL = { timeout: 15_000 };
const dist = join(import.meta.dirname, '..', 'apps/web/dist');
const texts = (lang: 'en' | 'th') =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../apps/web/src/locales/${lang}.json`), 'utf8')) as {
    console: { sections: Record<string, string> };
    drawAudit: { tab: string };
  };

async function desk(browser: Browser, lang: string) {
  const context = await browser.newContext({ baseURL: t.site.url, viewport: DESK });
  await context.addInitScript((l: string) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  return context;
}

async function loginOperator(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(OPERATOR.account);
  await page.getByTestId('login-password').fill(OPERATOR.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

const cellTexts = (page: Page, column: number) =>
  page.locator(`[data-testid="audit-table"] tbody tr td:nth-child(${column})`).allInnerTexts();

beforeAll(async () => {
  // 23 operator actions (each approval is audited): more than one page of the audit log (20 a page).
  const reg = await siteApi<{ token: string }>(t.site, '/api/user/register', {
    body: {
      account: `c${randomBytes(5).toString('hex')}`,
      password: 'secret123',
      confirm_password: 'secret123',
      adult: true,
    },
  });
  for (let i = 0; i < 23; i++) await approvedDeposit(t.site, reg.token, 10_000 + i * 100);
}, 120_000);

/**
 * A settled period for the draws audit to show: when there is none yet, the site's clock moves past K3's current draw
 * (drawCurrentPeriod), and this waits for the settle loop to settle it. Called before the draws screen is opened: the
 * screen keeps a list it has loaded for half a minute (the web's query cache), so it would not see one settled later.
 */
async function haveSettledDraw() {
  const operator = await siteApi<{ token: string }>(t.site, '/api/user/login', { body: OPERATOR });
  const settled = async () =>
    (
      await siteApi<{ list: unknown[] }>(t.site, '/api/admin/draws/list?status=settled&page=1&limit=1', {
        token: operator.token,
      })
    ).list.length;
  if ((await settled()) > 0) return;
  const games = await siteApi<{ id: number; code: string }[]>(t.site, '/api/game/games');
  await drawCurrentPeriod(t.site, clock, games.find((g) => g.code === 'df_k3')!.id);
  await expect.poll(settled, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
}

/** Lists the settled periods on the draws audit and verifies the first in the browser: match. */
async function verifyADraw(page: Page) {
  await page.getByTestId('draws-table').waitFor();
  await page.getByTestId('draws-status').selectOption('settled');
  await page.locator('[data-testid="draws-table"]:not([aria-busy="true"])').waitFor();
  const verify = page.getByTestId('draw-verify').first();
  await verify.click();
  const verdict = page.getByTestId('draw-verdict').first();
  await verdict.waitFor();
  expect(await verdict.getAttribute('data-verdict')).toBe('match');
}

describe('operator console', () => {
  it.each(['en', 'th'] as const)(
    '%s at 1280×800: side navigation by section; the audit table sorts, filters and pages; a draw verifies',
    async (lang) => {
      const context = await desk(t.browser, lang);
      const page = await context.newPage();
      try {
        await loginOperator(page);
        await page.goto('/rechargeAdmin');
        await page.getByTestId('console-desk').waitFor();
        const words = texts(lang);
        for (const section of ['money', 'players', 'games', 'reports']) {
          const group = page.getByTestId(`console-section-${section}`);
          expect(await group.locator('h2').textContent()).toBe(words.console.sections[section]);
        }
        // The deposits queue is the first screen; the navigation marks it.
        expect(await page.getByTestId('admin-tab-deposits').getAttribute('aria-current')).toBe('page');
        await shot(page, `${lang}-desk-deposits`);

        await page.getByTestId('admin-tab-audit').click();
        await page.waitForURL((u) => u.searchParams.get('tab') === 'audit');
        await page.getByTestId('audit-item').first().waitFor();
        expect(await page.getByTestId('audit-item').count()).toBe(20);
        // Server paging: page 2 holds the rest, then back.
        const firstPage = await cellTexts(page, 1);
        await page.getByTestId('dt-next').click();
        await expect.poll(async () => (await cellTexts(page, 1))[0], POLL).not.toBe(firstPage[0]);
        expect(await page.getByTestId('dt-page').innerText()).toContain('2');
        const secondPage = (await cellTexts(page, 1)).map(Number);
        expect(Math.max(...secondPage)).toBeLessThan(Math.min(...firstPage.map(Number)));
        await page.getByTestId('dt-prev').click();
        await expect.poll(async () => (await cellTexts(page, 1))[0], POLL).toBe(firstPage[0]);
        // Sorting: ascending, then descending, by number.
        const ids = async () => (await cellTexts(page, 1)).map(Number);
        const ordered = (v: number[], dir: 1 | -1) =>
          v.length > 1 && v.every((x, i) => i === 0 || (x - v[i - 1]!) * dir > 0);
        await page.getByTestId('dt-sort-id').click();
        await expect.poll(async () => ordered(await ids(), 1), POLL).toBe(true);
        await page.getByTestId('dt-sort-id').click();
        await expect.poll(async () => ordered(await ids(), -1), POLL).toBe(true);
        // Filtering: only the rows whose action contains the text.
        const action = (await cellTexts(page, 4))[0]!;
        const part = action.slice(0, Math.max(3, action.length - 2));
        await page.getByTestId('dt-filter-action').fill(part);
        await expect
          .poll(async () => {
            const actions = await cellTexts(page, 4);
            return actions.length > 0 && actions.every((a) => a.includes(part));
          }, POLL)
          .toBe(true);
        await page.getByTestId('dt-filter-action').fill('no-such-action-anywhere');
        await page.getByTestId('empty-state').waitFor();
        await page.getByTestId('dt-filter-action').fill('');
        // The search runs on the server, across every page.
        await page.getByTestId('audit-search').fill('deposit:3');
        await page.getByTestId('audit-search-go').click();
        await expect.poll(() => cellTexts(page, 5), POLL).toEqual(['deposit:3']);
        await page.getByTestId('audit-search').fill('');
        await page.getByTestId('audit-search-go').click();
        await expect.poll(() => page.getByTestId('audit-item').count(), POLL).toBe(20);
        // A row opens its details beside the table.
        await page.getByTestId('audit-item').first().click();
        await page.getByTestId('detail-pane').waitFor();
        await page.getByTestId('audit-after').waitFor();
        await shot(page, `${lang}-desk-audit`);

        await haveSettledDraw();
        await page.getByTestId('admin-tab-draws').click();
        await expect.poll(() => page.getByTestId('page-title').innerText(), POLL).toBe(words.drawAudit.tab);
        await verifyADraw(page);
        await page.getByTestId('draw-row').first().click();
        await page.getByTestId('draw-seed').waitFor();
        expect(await page.getByTestId('draw-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
        await page.getByTestId('draw-verify-detail').click();
        await page.getByTestId('draw-check').waitFor();
        expect(await page.getByTestId('draw-check').getByTestId('draw-verdict').getAttribute('data-verdict')).toBe(
          'match',
        );
        await shot(page, `${lang}-desk-draws`);
        // A period not yet drawn shows no seed and offers no Verify. With five-minute periods some game's period is
        // open but for the last seconds before a draw: the list is asked again until it has one.
        await expect
          .poll(
            async () => {
              await page.getByTestId('draws-status').selectOption('sealed');
              await page.getByTestId('draws-status').selectOption('open');
              await page.locator('[data-testid="draws-table"]:not([aria-busy="true"])').waitFor();
              return page.getByTestId('draw-row').count();
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBeGreaterThan(0);
        expect(await page.getByTestId('draw-verify').count()).toBe(0);
        await page.getByTestId('draw-row').first().click();
        expect(await page.getByTestId('draw-seed').innerText()).not.toMatch(/[0-9a-f]{64}/);
      } finally {
        await context.close();
      }
    },
    // A loaded machine needs more than vitest's 60 s for this many screens.
    150_000,
  );

  it.each(['en', 'th'] as const)(
    '%s at 390×844: the same console, screens grouped by section; the audit pages; a draw verifies',
    async (lang) => {
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await loginOperator(page);
        await page.goto('/rechargeAdmin?tab=audit');
        await page.getByTestId('audit-item').first().waitFor();
        expect(await page.getByTestId('console-desk').count()).toBe(0);
        await shot(page, `${lang}-phone-menu`);
        // Nothing wider than the phone.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        const first = await page.getByTestId('audit-item').first().innerText();
        await page.getByTestId('dt-next').click();
        await expect.poll(() => page.getByTestId('audit-item').first().innerText(), POLL).not.toBe(first);
        expect(await page.getByTestId('dt-page').innerText()).toContain('2');
        await shot(page, `${lang}-phone-audit`);
        await haveSettledDraw();
        await page.getByTestId('admin-tab-draws').click();
        await verifyADraw(page);
        await shot(page, `${lang}-phone-draws`);
      } finally {
        await context.close();
      }
    },
  );

  it('a player never downloads console code: not in the build’s player chunks, not over the wire', async () => {
    const { leaks } = checkDist(dist);
    expect(leaks).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const consoleFiles = [manifest[CONSOLE_MODULE]!.file];
    const context = await phone(t.browser, t.site.url, 'th');
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    try {
      await registerInBrowser(page);
      for (const path of [
        '/',
        '/allGame',
        '/my',
        '/purses',
        '/recharge',
        '/withdraw',
        '/history',
        '/service',
        '/msg',
      ]) {
        await page.goto(path);
        // Every chunk the screen asks for has arrived: no request in flight, none started after the last answer.
        await settled(page);
      }
      const scripts = fetched.filter((p) => p.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(5);
      for (const file of consoleFiles) expect(scripts).not.toContain(`/${file}`);
      expect(scripts.filter((p) => /\/(console-page|table)-[^/]+\.js$/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
