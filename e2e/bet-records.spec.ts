/**
 * The bet records in the browser at 390×844, in Thai and in English: a guest places two slips (K3 and PK10, through
 * the API, on the periods open now), then by taps from the tab bar: My → bet records (/hyTou) lists both under
 * "today", the game filter keeps the K3 one, "yesterday" has none; back on My → open bets (/gameBet) shows each slip
 * with a countdown to its own draw that runs down on the server's time. Periods last five minutes here, so the slips
 * stay open while the test looks at them; when the test starts too close to a seal, the site's wall clock
 * (site-clock.ts) is moved on to the next period rather than waited for.
 *
 * With BET_RECORDS_SHOTS=<folder> it also writes <lang>-my.png, <lang>-hyTou.png and <lang>-gameBet.png there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BetSlip, GameCategory, PlayGroup } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { clearOfMidnight, placeSlipWhenOpen, screenshotsTo, siteApi, tokenOf } from './site-api.ts';
import { siteClock } from './site-clock.ts';

const siteTime = siteClock();
const t = useSite({ GAME_CYCLE_OVERRIDE_SECONDS: '300', RATE_LIMIT_MAX: '100000', ...siteTime.env });
const SHOTS = process.env.BET_RECORDS_SHOTS;

type Lang = 'th' | 'en';
type Catalogue = {
  page: Record<string, string>;
  bets: { records: Record<string, string> };
  records: { ranges: Record<string, string> };
};
const catalogue = (lang: Lang) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', `apps/web/src/locales/${lang}.json`), 'utf8')) as Catalogue;

const api = <T>(path: string, init: { token?: string; body?: unknown; lang?: string } = {}) =>
  siteApi<T>(t.site, path, init);

/** A one-item slip on the game's current period, with two minutes to its seal at least (answered in `lang`). */
async function placeSlip(token: string, gameId: number, lang: Lang): Promise<BetSlip> {
  const groups = await api<PlayGroup[]>(`/api/game/play_items?group_id=${gameId}`);
  const play = groups.flatMap((g) => g.items).find((i) => !i.code.startsWith('ms.all'));
  expect(play, `a play of game ${gameId}`).toBeDefined();
  return placeSlipWhenOpen(t.site, siteTime, token, gameId, play!.id, lang);
}

/** "04:17" → 257 (seconds). */
const seconds = (text: string) =>
  text
    .trim()
    .split(':')
    .reduce((acc, part) => acc * 60 + Number(part), 0);

const shot = screenshotsTo(SHOTS);

describe('bet records and open bets', () => {
  // Each slip may move the clock on by up to a period (5 minutes); both languages' slips must fall on one day.
  beforeAll(() => clearOfMidnight(t.site, siteTime, 'Asia/Bangkok', 30 * 60_000));

  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: from the tab bar to the records, filtered by game and range, and to the open slips' countdowns`, async () => {
      const text = catalogue(lang);
      const cats = await api<GameCategory[]>('/api/game/category');
      const idOf = (code: string) => cats.flatMap((c) => c.games).find((g) => g.code === code)?.id ?? 0;
      const k3 = idOf('df_k3');
      const pk10 = idOf('df_pk10');
      expect(k3).toBeGreaterThan(0);
      expect(pk10).toBeGreaterThan(0);

      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await page.goto('/login');
        await page.getByTestId('login-guest').click();
        await page.waitForURL((u) => u.pathname === '/');
        await expect.poll(() => tokenOf(page), { timeout: 5000 }).not.toBe('');
        const token = await tokenOf(page);
        const k3Slip = await placeSlip(token, k3, lang);
        const pkSlip = await placeSlip(token, pk10, lang);

        // Tab bar → My → bet records: both slips, newest first, under "today", and the end of the list.
        await page.getByTestId('tab-my').click();
        await page.waitForURL((u) => u.pathname === '/my');
        await page.getByTestId('my-bet-records').waitFor();
        await shot(page, `${lang}-my`);
        await page.getByTestId('my-bet-records').click();
        await page.waitForURL((u) => u.pathname === '/hyTou');
        await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 10_000 }).toBe(text.page.hyTou);
        const rows = page.getByTestId('bet-item');
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
        expect(await rows.nth(0).getAttribute('data-game')).toBe('df_pk10');
        expect(await rows.nth(1).getAttribute('data-game')).toBe('df_k3');
        await page.getByTestId('no-more-data').waitFor();
        const first = await rows.nth(0).innerText();
        expect(first).toContain(pkSlip.issue);
        expect(first).toContain(`@${pkSlip.items[0]?.odds}`);
        expect(first).toContain(pkSlip.items[0]?.name ?? '?');
        await shot(page, `${lang}-hyTou`);

        // The game filter keeps the K3 slip only; "yesterday" has none; "today" has it again.
        await page.getByTestId('bets-filter-game').selectOption(String(k3));
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
        expect(await rows.first().innerText()).toContain(k3Slip.issue);
        await page.getByTestId('range-yesterday').click();
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(0);
        await page.getByText(text.bets.records.empty ?? '?').waitFor();
        await page.getByTestId('range-today').click();
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

        // Back to My → open bets: each slip with its own draw countdown, running down.
        await page.goBack();
        await page.waitForURL((u) => u.pathname === '/my');
        await page.getByTestId('my-open-bets').click();
        await page.waitForURL((u) => u.pathname === '/gameBet');
        await expect
          .poll(() => page.getByTestId('page-title').innerText(), { timeout: 10_000 })
          .toBe(text.page.gameBet);
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
        const clock = page.getByTestId('bet-countdown').locator('.bet-clock__time');
        await expect.poll(() => clock.count()).toBe(2);
        const before = await clock.nth(1).innerText();
        expect(before).toMatch(/^\d{2}:\d{2}$/);
        // The K3 slip's clock says the time to its period's draw, by the server's clock (within a few seconds), moved
        // or not.
        const expected = (k3Slip.draw_at - (Date.now() + siteTime.offset())) / 1000;
        expect(Math.abs(seconds(before) - expected)).toBeLessThan(5);
        expect(await page.getByTestId('bet-countdown').nth(1).innerText()).toContain(text.bets.records.drawIn);
        await expect
          .poll(async () => seconds(await clock.nth(1).innerText()), { timeout: 4000, interval: 250 })
          .toBeLessThan(seconds(before));
        await shot(page, `${lang}-gameBet`);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
