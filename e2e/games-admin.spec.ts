/**
 * The console's Games screen in the browser, in Thai and English, against the real site with five-minute periods
 * and a movable clock (site-clock.ts): the operator at 1280×800 opens Games from the side navigation, chooses K3,
 * types lower odds for a play — the RTP beside it changes as typed, to the domain's figure — and saves; the row then
 * says the new odds are saved for later. The player's K3 screen at 390×844 keeps the old odds while the period open
 * at the save runs, and shows the new ones from the next period on, which the test opens by moving the site's clock
 * past the draw. The operator also sets K3's own stake limit per player per period and clears it again. The console
 * is also looked at 390 px wide. Set GAMES_SHOTS=<folder> to write screenshots of these screens there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminGames, AdminPlays, PlayGroup } from '@fairdraw/contract';
import { rtpOfChances } from '@fairdraw/domain';
import { DESK, phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  drawCurrentPeriod,
  norm,
  OPERATOR,
  OPERATOR_SITE,
  openPeriodWith,
  operatorLogin,
  screenshotsTo,
  siteApi,
} from './site-api.ts';
import { siteClock } from './site-clock.ts';

const clock = siteClock();
const t = useSite({
  ...OPERATOR_SITE,
  ...clock.env,
  GAME_CYCLE_OVERRIDE_SECONDS: '300',
});
const shot = screenshotsTo(process.env.GAMES_SHOTS);

type Lang = 'th' | 'en';
const catalogue = (lang: Lang) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', `apps/web/src/locales/${lang}.json`), 'utf8')) as {
    gamesAdmin: Record<string, string>;
  };

const oddsText = (bps: number) => (bps / 10_000).toFixed(4);
const testKey = (code: string) => code.replaceAll('.', '-');

/** The odds the player's game screen shows for a play (the cell's odds text, as a number). */
async function shownOdds(page: Page, code: string): Promise<number> {
  const text = await page.getByTestId(`play-${code}`).locator('.play-cell__odds').textContent();
  return Number(norm(text ?? ''));
}

describe('the Games screen', () => {
  it.each(['th', 'en'] as const)(
    '%s: the operator lowers a play’s odds, the RTP follows as typed; the game screen shows them from the next period',
    { timeout: 150_000 },
    async (lang) => {
      const texts = catalogue(lang).gamesAdmin;
      const opsContext = await t.browser.newContext({ baseURL: t.site.url, viewport: DESK });
      await opsContext.addInitScript((l: string) => localStorage.setItem('lang', l), lang);
      const ops = await opsContext.newPage();
      const player = await phone(t.browser, t.site.url, lang);
      const page = await player.newPage();
      try {
        const operator = await siteApi<{ token: string }>(t.site, '/api/user/login', { body: OPERATOR });
        const games = await siteApi<{ id: number; code: string }[]>(t.site, '/api/game/games');
        const k3 = games.find((g) => g.code === 'df_k3')!;
        const before = await siteApi<AdminPlays>(t.site, `/api/admin/games/plays?games_id=${k3.id}`, {
          token: operator.token,
          lang,
        });
        // A play of the group the game screen opens on (the first), whose odds the operator may set.
        const groups = await siteApi<PlayGroup[]>(t.site, `/api/game/play_items?group_id=${k3.id}`);
        const firstGroup = groups[0]!.group.code;
        const play = before.plays.find((p) => p.group === firstGroup && p.odds_editable)!;
        const oldOdds = play.next.odds_bps;
        const newOdds = oldOdds - 500;

        // The player's K3 screen: the odds in force now.
        await page.goto(`/kuaisan?type=df_k3&category_id=${k3.id}`);
        await expect
          .poll(() => page.getByTestId('game-issue').textContent(), { timeout: 20_000 })
          .toMatch(/^\d{8}-\d{4}$/);
        await page.getByTestId(`play-${play.code}`).waitFor();
        expect(await shownOdds(page, play.code)).toBe(oldOdds / 10_000);

        // The operator: log in, the console, Games in the side navigation, K3.
        await operatorLogin(ops);
        await ops.goto('/rechargeAdmin');
        await ops.getByTestId('console-desk').waitFor();
        await ops.getByTestId('admin-tab-games').click();
        await ops.getByTestId('games-table').waitFor();
        await ops.getByTestId('games-row').first().waitFor();
        await shot(ops, `${lang}-console-games-list`);
        await ops.getByTestId('games-row').filter({ hasText: 'df_k3' }).click();
        await ops.getByTestId('plays-table').waitFor();
        await ops.getByTestId('plays-table').getByTestId('dt-filter-name').fill(play.name);
        const odds = ops.getByTestId(`play-odds-${testKey(play.code)}`);
        const rtp = ops.getByTestId(`play-rtp-${testKey(play.code)}`);
        await odds.waitFor();
        const chances = {
          win: BigInt(play.chances.win),
          push: BigInt(play.chances.push),
          total: BigInt(play.chances.total),
        };
        const rtpText = (bps: number) => `${rtpOfChances(chances, bps).percent.toFixed(2)} %`;
        expect(norm((await rtp.textContent()) ?? '')).toBe(rtpText(oldOdds));
        await shot(ops, `${lang}-console-games-desk`);

        // Typing moves the RTP at once, to the domain's figure; odds at or above 100 % turn it red.
        await odds.fill('1000');
        await expect.poll(async () => rtp.getAttribute('class')).toContain('games-admin__rtp--bad');
        await odds.fill(oddsText(newOdds));
        await expect.poll(async () => norm((await rtp.textContent()) ?? '')).toBe(rtpText(newOdds));
        // The pending line lasts until the next period opens. The save is made in a period with two minutes to its
        // seal at least (else the clock moves on to the next one), so the period open at the save still runs while
        // the test looks at both screens. (A save made in the moment between a period's open time and the scheduler
        // opening it would apply to that period itself: no bet is in it yet, and the row rightly shows no change.)
        const atSave = await openPeriodWith(t.site, clock, k3.id, 120_000);
        await ops.getByTestId('plays-save').click();
        const pending = ops.getByTestId(`play-pending-${testKey(play.code)}`);
        await pending.waitFor();
        expect(norm((await pending.textContent()) ?? '')).toContain(oddsText(newOdds));
        expect(norm((await ops.getByTestId(`play-now-${testKey(play.code)}`).textContent()) ?? '')).toBe(
          oddsText(oldOdds),
        );
        expect(await ops.getByText(texts.playsRule!).count()).toBe(1);
        await shot(ops, `${lang}-console-games-saved`);

        // The saved change starts at the open time of a period that had not opened.
        const after = await siteApi<AdminPlays>(t.site, `/api/admin/games/plays?games_id=${k3.id}`, {
          token: operator.token,
        });
        const from = after.plays.find((p) => p.id === play.id)!.next_from!;
        expect(from).toBeGreaterThan(Date.now() + clock.offset() - 1_000);
        expect(from).toBe(atSave.draw_at);

        // The player: while the period open at the save runs, the old odds (read afresh); from the next, the new.
        const issueAtSave = atSave.issue!;
        await page.reload();
        await page.getByTestId(`play-${play.code}`).waitFor();
        await expect
          .poll(async () => norm((await page.getByTestId('game-issue').textContent()) ?? ''))
          .toBe(issueAtSave);
        expect(await shownOdds(page, play.code)).toBe(oldOdds / 10_000);
        // The next period opens at this one's draw: the site's clock moves there rather than waiting for it.
        await drawCurrentPeriod(t.site, clock, k3.id);
        await expect.poll(() => shownOdds(page, play.code), { timeout: 30_000, interval: 500 }).toBe(newOdds / 10_000);
        expect(norm((await page.getByTestId('game-issue').textContent()) ?? '')).not.toBe(issueAtSave);
        await shot(page, `${lang}-game-new-odds`);

        // K3's own per-period limit (THB: two decimals): saved at once, the hint says so; emptied, none again.
        const gameLimit = async () =>
          (await siteApi<AdminGames>(t.site, '/api/admin/games/list', { token: operator.token })).games.find(
            (g) => g.id === k3.id,
          )!.period_max_per_player;
        const limitInput = ops.getByTestId('game-period-max');
        expect(await limitInput.inputValue()).toBe('');
        expect(await ops.getByText(texts.gameLimitTitle!).count()).toBe(1);
        await limitInput.fill('30');
        await ops.getByTestId('game-period-max-save').click();
        await expect.poll(gameLimit).toBe(3_000);
        await expect.poll(async () => limitInput.inputValue()).toBe('30.00');
        await shot(ops, `${lang}-console-games-limit`);
        await limitInput.fill('');
        await ops.getByTestId('game-period-max-save').click();
        await expect.poll(gameLimit).toBeNull();
        await expect.poll(async () => limitInput.inputValue()).toBe('');

        // The console is usable 390 px wide too.
        await ops.setViewportSize({ width: 390, height: 844 });
        await ops.getByTestId('games-row').filter({ hasText: 'df_k3' }).click();
        await ops.getByTestId('plays-table').waitFor();
        await ops.getByTestId(`play-odds-${testKey(play.code)}`).scrollIntoViewIfNeeded();
        await shot(ops, `${lang}-console-games-phone`);
      } finally {
        await opsContext.close();
        await player.close();
      }
    },
  );
});
