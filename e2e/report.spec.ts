/**
 * The profit report and the operator dashboard in the browser. A player with an approved deposit and a
 * cash slip taps My → Today's report at 390×844, in Thai and English: the spec's "may be delayed by up to 15
 * minutes" note, the stakes and deposit, the slip's game, the week's seven bars; the last-7-days range lists the
 * days, and a bar opens one day. The operator opens the console's dashboard at 1280×800 (and 390 px): the totals
 * include the slips, both uPlot charts draw, and the CSV downloads with a BOM and the header in the page's language.
 * REPORT_REFRESH_SECONDS=1 lets the scheduler's leader rebuild today's summary within seconds instead of minutes.
 * Set REPORT_SHOTS=<folder> to also write screenshots there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BetSlip, GameCategory, PlayGroup, ProfitReport } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  clearOfMidnight,
  norm,
  OPERATOR_SITE,
  operatorLogin,
  placeSlipWhenOpen,
  registerInBrowser,
  screenshotsTo,
  siteApi,
  tokenOf,
} from './site-api.ts';
import { siteClock } from './site-clock.ts';

// The site's wall clock moves on to the next period when a slip would land too close to a seal (placeSlipWhenOpen).
const clock = siteClock();
const t = useSite({
  ...OPERATOR_SITE,
  GAME_CYCLE_OVERRIDE_SECONDS: '300',
  REPORT_REFRESH_SECONDS: '1',
  ...clock.env,
});

type Lang = 'th' | 'en';
type Catalogue = {
  page: Record<string, string>;
  report: Record<string, string>;
  dashboard: Record<string, string>;
  records: { ranges: Record<string, string> };
  my: Record<string, string>;
  game: Record<string, string>;
};
const catalogue = (lang: Lang) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', `apps/web/src/locales/${lang}.json`), 'utf8')) as Catalogue;
const CSV_HEADER: Record<Lang, string> = { en: 'Day,Game,Players,Slips,Stakes', th: 'วันที่,เกม,ผู้เล่น,โพย,ยอดเดิมพัน' };
const shot = screenshotsTo(process.env.REPORT_SHOTS);

const api = <T>(path: string, init: { token?: string; body?: unknown; lang?: string } = {}) =>
  siteApi<T>(t.site, path, init);

/** A one-item cash slip of 10.00 on K3's current period, with two minutes to its seal at least. */
async function placeSlip(token: string): Promise<BetSlip> {
  const cats = await api<GameCategory[]>('/api/game/category');
  const gameId = cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
  const groups = await api<PlayGroup[]>(`/api/game/play_items?group_id=${gameId}`);
  const play = groups.flatMap((g) => g.items)[0];
  return placeSlipWhenOpen(t.site, clock, token, gameId, play!.id);
}

/** Waits until the scheduler's leader has rebuilt today with the player's stake in it. */
async function summarised(token: string, stakes: number): Promise<ProfitReport> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await api<ProfitReport>('/api/report/profit?range=today', { token });
    if (r.totals.stakes >= stakes) return r;
    if (Date.now() > deadline) throw new Error(`today's summary never showed the stake: ${JSON.stringify(r.totals)}`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

describe('profit report and dashboard', () => {
  // Each slip may move the clock on by up to a period (5 minutes); the run's slips and deposits must share one day.
  beforeAll(() => clearOfMidnight(t.site, clock, 'Asia/Bangkok', 30 * 60_000));

  it.each(['th', 'en'] as const)(
    '%s: My → today’s report, the last 7 days and one day, at 390×844',
    async (lang) => {
      const text = catalogue(lang);
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await registerInBrowser(page);
        const token = await tokenOf(page);
        await approvedDeposit(t.site, token, 50_000);
        await placeSlip(token);
        const report = await summarised(token, 1000);

        await page.goto('/');
        await page.getByTestId('tab-my').click();
        await page.getByTestId('my-profit').click();
        await page.waitForURL((u) => u.pathname === '/profit');
        await page.getByTestId('profit-totals').waitFor();
        expect(norm(await page.getByTestId('page-title').innerText())).toBe(text.page.profit);
        expect(norm(await page.getByTestId('profit-delayed').innerText())).toContain(text.report.delayed);
        expect(norm(await page.getByTestId('profit-stakes').innerText())).toContain('10.00');
        expect(norm(await page.getByTestId('profit-net').innerText())).toContain('10.00');
        expect(norm(await page.getByTestId('profit-totals').innerText())).toContain('500.00');
        expect(await page.getByTestId('profit-games').locator('li').count()).toBe(1);
        // The game by the name every other screen gives it (the tiles' catalogue), not the database's own.
        expect(norm(await page.getByTestId('profit-games').locator('li > span').first().innerText())).toBe(
          text.game.df_k3,
        );
        expect(await page.getByTestId('profit-chart').locator('button').count()).toBe(7);
        await shot(page, `${lang}-profit-today`);

        // The last 7 days: a row per day, today's first.
        await page.getByTestId('range-last7').click();
        await page.getByTestId(`profit-day-${report.today}`).waitFor();
        expect(await page.getByTestId('profit-days').locator('li').count()).toBe(7);
        await shot(page, `${lang}-profit-last7`);

        // Yesterday's bar: one past day, final and empty for a player registered today; the arrows walk the days.
        const yesterday = report.last7[5]!.day;
        await page.getByTestId(`profit-bar-${yesterday}`).click();
        await page.waitForURL((u) => u.searchParams.get('day') === yesterday);
        expect(norm(await page.getByTestId('profit-day').innerText())).toBe(yesterday);
        await page.getByTestId('profit-no-games').waitFor();
        expect(await page.getByTestId('profit-delayed').count()).toBe(0);
        // Before the site's first movement nothing can change: the day is final.
        expect(norm(await page.getByTestId('profit-totals').innerText())).toContain(text.report.final);
        await page.getByTestId('profit-next-day').click();
        await page.waitForURL((u) => u.searchParams.get('day') === report.today);
        await page.getByTestId('profit-games').waitFor();
        expect(await page.getByTestId('profit-next-day').isDisabled()).toBe(true);

        // /profits is the same report, opening on the last 7 days.
        await page.goto('/my');
        await page.getByTestId('my-profits').click();
        await page.waitForURL((u) => u.pathname === '/profits');
        await page.getByTestId('profit-days').waitFor();
        expect(await page.getByTestId('range-last7').getAttribute('aria-selected')).toBe('true');
      } finally {
        await context.close();
      }
    },
    90_000,
  );

  it.each(['th', 'en'] as const)(
    '%s: the operator’s dashboard at 1280×800 and 390 px, with the CSV',
    async (lang) => {
      const text = catalogue(lang);
      const context = await t.browser.newContext({ baseURL: t.site.url, viewport: { width: 1280, height: 800 } });
      await context.addInitScript((l: string) => localStorage.setItem('lang', l), lang);
      const ops = await context.newPage();
      try {
        // A player's slip, summarised, so the dashboard has something to show.
        const player = await context.newPage();
        await registerInBrowser(player);
        const token = await tokenOf(player);
        await approvedDeposit(t.site, token, 20_000);
        await placeSlip(token);
        await summarised(token, 1000);
        await player.close();

        await operatorLogin(ops);
        await ops.goto('/rechargeAdmin');
        await ops.getByTestId('admin-tab-dashboard').click();
        await ops.getByTestId('dashboard-totals').waitFor();
        const stakes = norm(await ops.getByTestId('dash-stakes').innerText());
        expect(Number(stakes.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(10);
        expect(Number(norm(await ops.getByTestId('dash-players').innerText()))).toBeGreaterThanOrEqual(1);
        expect(norm(await ops.getByTestId('dashboard-delayed').innerText())).toContain(text.report.delayed);
        await ops.locator('[data-testid="dash-chart-gaming"] canvas').waitFor();
        await ops.locator('[data-testid="dash-chart-cash"] canvas').waitFor();
        expect(norm(await ops.getByTestId('dash-games').innerText())).toContain(text.dashboard.noGame);
        await shot(ops, `${lang}-dashboard-1280`);
        await ops.getByTestId('dash-games').scrollIntoViewIfNeeded();
        expect(await ops.getByTestId('dash-days').locator('tbody tr').count()).toBe(7);
        await shot(ops, `${lang}-dashboard-1280-tables`);

        const downloaded = ops.waitForEvent('download');
        await ops.getByTestId('dash-export').click();
        const download = await downloaded;
        expect(download.suggestedFilename()).toMatch(/^dashboard-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
        const bytes = readFileSync(await download.path());
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes.toString('utf8').slice(1).split('\r\n');
        expect(lines[0]!.startsWith(CSV_HEADER[lang])).toBe(true);

        await ops.setViewportSize({ width: 390, height: 844 });
        await ops.getByTestId('dashboard-totals').waitFor();
        await shot(ops, `${lang}-dashboard-390`);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
