/**
 * The trend and the long dragon in the browser at 390×844, in Thai and in English. The site starts with its wall
 * clock (server-clock.ts) 29 minutes behind and one-minute periods: its scheduler commits the periods of the half
 * hour ahead; the clock then moves to now, and the scheduler draws the ones whose time passed (about 28 a game) at
 * once. A player opens K3 from the lobby, opens Trend and sees each die's grid — every number's hits and draws since
 * it last came up, as the API computes them —, the hot and cold numbers, and the sum's bead roads with their streak;
 * the lobby lists the long dragon as the API does (or says there is none), and a row opens its game in one tap.
 *
 * With TREND_SHOTS=<folder> it writes <lang>-trend-numbers.png, <lang>-trend-hot.png, <lang>-trend-roads.png and
 * <lang>-lobby-long-dragon.png there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CurrentGame, GameCategory, LongDragonItem, Trend } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { readRepoJson, screenshotsTo, siteApi } from './site-api.ts';
import { SERVER_CLOCK } from './site-clock.ts';

const clockFile = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
// 29 minutes back, and a second past a minute (the 60 s cycles draw on the minute): the site then has most of a minute
// to start before the moved-back clock reaches a draw, so nothing is drawn before the clock comes to now.
writeFileSync(clockFile, String(-29 * 60_000 - (Date.now() % 60_000) + 1_000));

const t = useSite({
  NODE_OPTIONS: `--import ${SERVER_CLOCK}`,
  FD_TEST_CLOCK_FILE: clockFile,
  GAME_CYCLE_OVERRIDE_SECONDS: '60',
  RATE_LIMIT_MAX: '100000',
});
const shot = screenshotsTo(process.env.TREND_SHOTS);
const WAIT = { timeout: 20_000, interval: 250 };
const api = <T>(path: string) => siteApi<T>(t.site, path);

type Catalogue = { trend: { longDragonEmpty: string } };

describe('trend and long dragon', () => {
  it('K3 trend grid, hot/cold and roads from the game screen; the lobby long dragon, each row one tap from its game', async () => {
    const cats = await api<GameCategory[]>('/api/game/category');
    const k3 = cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3')!;
    // The periods of the half hour ahead are committed on the moved-back clock; then the clock comes to now.
    await expect
      .poll(
        async () =>
          (await siteApi<CurrentGame>(t.site, `/api/game/current_game?games_id=${k3.id}`, { method: 'POST' })).issue,
        WAIT,
      )
      .toMatch(/^\d{8}-\d{4}$/);
    expect((await api<Trend>(`/api/game/trend?games_id=${k3.id}`)).periods).toBe(0);
    writeFileSync(clockFile, '0');
    // The scheduler draws the ~200 periods whose time passed in its next beats (some 20 s on a busy machine).
    await expect
      .poll(async () => (await api<Trend>(`/api/game/trend?games_id=${k3.id}`)).periods, {
        timeout: 60_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(20);

    for (const lang of ['th', 'en'] as const) {
      const texts = readRepoJson(`apps/web/src/locales/${lang}.json`) as Catalogue;
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await page.goto('/allGame');
        await page.getByTestId('lobby-df_k3').click();
        await page.waitForURL((u) => u.pathname === '/kuaisan');
        await page.getByTestId('game-trend-open').click();
        const grid = page.getByTestId('trend-grid');
        await grid.waitFor(WAIT);
        // Die 1's grid shows what the API computes over the last 50 draws (read again: a draw may land meanwhile).
        await expect
          .poll(async () => {
            const trend = await api<Trend>(`/api/game/trend?games_id=${k3.id}&limit=50`);
            const cells = await grid.getByTestId('trend-cell').evaluateAll((els) =>
              els.map((e) => ({
                number: Number(e.getAttribute('data-number')),
                count: Number(e.getAttribute('data-count')),
                missing: Number(e.getAttribute('data-missing')),
              })),
            );
            return JSON.stringify(cells) === JSON.stringify(trend.positions[0]!.numbers) && cells.length === 6;
          }, WAIT)
          .toBe(true);
        await expect.poll(() => page.getByTestId('trend-empty').count()).toBe(0);
        await shot(page, `${lang}-trend-numbers`);

        await page.getByTestId('trend-tab-hot').click();
        await page.getByTestId('trend-hot').waitFor();
        // A die has six numbers: two hot, two cold.
        expect(await page.getByTestId('trend-hot').locator('li').count()).toBe(2);
        expect(await page.getByTestId('trend-cold').locator('li').count()).toBe(2);
        await shot(page, `${lang}-trend-hot`);

        await page.getByTestId('trend-tab-roads').click();
        const roads = page.getByTestId('trend-road');
        await expect.poll(() => roads.count(), WAIT).toBe(2);
        expect(await roads.first().getAttribute('data-road')).toBe('sum.big-small');
        expect(await roads.first().locator('.bead').count()).toBeGreaterThanOrEqual(20);
        await expect.poll(() => page.getByTestId('trend-streak').count()).toBe(2);
        await shot(page, `${lang}-trend-roads`);
        await page.getByTestId('trend-close').click();
        await expect.poll(() => page.getByTestId('trend').count()).toBe(0);

        // The lobby's long dragon: the rows the API lists (or its honest empty state), longest first.
        await page.goto('/allGame');
        const section = page.getByTestId('long-dragon');
        await section.waitFor(WAIT);
        await expect
          .poll(async () => {
            const list = await api<LongDragonItem[]>('/api/game/long_dragon');
            const shown = await section
              .getByTestId('long-dragon-row')
              .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-length'))));
            if (list.length === 0)
              return (await section.getByTestId('long-dragon-empty').textContent()) === texts.trend.longDragonEmpty;
            return JSON.stringify(shown) === JSON.stringify(list.map((d) => d.length));
          }, WAIT)
          .toBe(true);
        await section.scrollIntoViewIfNeeded();
        await shot(page, `${lang}-lobby-long-dragon`);
        const rows = section.getByTestId('long-dragon-row');
        if ((await rows.count()) > 0) {
          const lengths = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-length'))));
          expect(lengths.every((n) => n >= 5)).toBe(true);
          expect([...lengths].sort((a, b) => b - a)).toEqual(lengths);
          const href = (await rows.first().getAttribute('href')) ?? '';
          const target = new URL(href, t.site.url);
          await rows.first().click();
          await page.waitForURL((u) => u.pathname === target.pathname && u.search === target.search);
          await page.getByTestId('game-page').waitFor();
          expect(target.searchParams.get('type')).toBe(await page.getByTestId('game-page').getAttribute('data-code'));
        }
      } finally {
        await context.close();
      }
    }
  });
});
