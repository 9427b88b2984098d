/**
 * The game screens in the browser at 390×844 against the real site with five-minute periods and a movable clock
 * (site-clock.ts): a guest ("Try demo") places a bet in each of the five families through the UI — Mark Six with a
 * Mark Six all-in item and its two chosen numbers —, sees the countdown run down and, once the site's clock moves past
 * the seal, the period seal, reaches the rules (odds and RTP) in one tap; then the clock moves past the draw and the
 * test waits once until every slip's own period is drawn and settled. /settled must show each slip with its status
 * and the payout the domain computes from the drawn result in the history (settleBetItem with the slip's play code
 * and odds_bps) — a Mark Six slip with each drawn ball's zodiac animal, as in the history —, and the demo balance must
 * have moved by −stakes + payouts exactly. No step waits for a period to open, seal or draw on the real clock.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findPlay, minor, oddsBps, settleBetItem, zodiacOf, type GameFamily } from '@fairdraw/domain';
import type { BetSlip, CurrentGame, HistoryItem } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { drawCurrentPeriod, openPeriodWith, siteApi, tokenOf } from './site-api.ts';
import { siteClock } from './site-clock.ts';

const clock = siteClock();
const t = useSite({ ...clock.env, GAME_CYCLE_OVERRIDE_SECONDS: '300', RATE_LIMIT_MAX: '100000' });

type GameCase = { code: string; route: string; family: GameFamily; allIn?: boolean };
const CASES: GameCase[] = [
  { code: 'df_pk10_3', route: '/pkShi', family: 'pk10' },
  { code: 'df_k3', route: '/kuaisan', family: 'k3' },
  { code: 'xam_6', route: '/aoLiu', family: 'marksix', allIn: true },
  { code: 'xy_28', route: '/xingyun', family: 'lucky28' },
  { code: 'df_ssc', route: '/shiShiCai', family: 'ssc' },
];
const ALL_IN_NUMBERS = [7, 23];

const api = <T>(path: string, token?: string) => siteApi<T>(t.site, path, { token });

/** "00:17" → 17 (seconds); null when no countdown is shown. */
async function countdown(page: Page): Promise<number | null> {
  const text = await page
    .getByTestId('game-countdown')
    .textContent({ timeout: 500 })
    .catch(() => null);
  if (!text) return null;
  return text
    .trim()
    .split(':')
    .reduce((acc, part) => acc * 60 + Number(part), 0);
}

/**
 * Waits until the page shows the game's period open with at least `seconds` left to its seal (so the bet cannot race
 * the seal). The site's period is first given a minute more than that (the slip is still open when the test moves
 * the clock past its seal later): when it has less, the site's clock moves on to the next one (openPeriodWith).
 */
async function waitOpenWith(page: Page, gameId: number, seconds: number) {
  await openPeriodWith(t.site, clock, gameId, (seconds + 60) * 1000);
  await expect
    .poll(
      async () => {
        const phase = await page.getByTestId('game-phase').getAttribute('data-phase', { timeout: 500 });
        return phase === 'open' && ((await countdown(page)) ?? 0) >= seconds;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

describe('games', () => {
  it('a demo bet in every family, settled exactly as the domain computes from the drawn results', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    try {
      const cats = await api<{ games: { id: number; code: string }[] }[]>('/api/game/category');
      const idOf = (code: string) => {
        const g = cats.flatMap((c) => c.games).find((x) => x.code === code);
        expect(g, code).toBeDefined();
        return g?.id ?? 0;
      };

      let token = '';
      let before = 0;
      const slips: { id: number; gameCase: GameCase; gameId: number }[] = [];

      for (const gc of CASES) {
        const gameId = idOf(gc.code);
        await page.goto(`${gc.route}?type=${gc.code}&category_id=${gameId}`);
        await expect
          .poll(() => page.getByTestId('game-issue').textContent(), { timeout: 20_000 })
          .toMatch(/^\d{8}-\d{4}$/);
        await page.getByTestId('game-phase').waitFor();

        if (!token) {
          // A guest from the game itself; the countdown runs down while the period is open.
          expect(await page.getByTestId('bet-bar').textContent()).toContain('Log in');
          await page.getByTestId('bet-try-demo').click();
          await page.getByTestId('topbar-balance').waitFor();
          await expect.poll(() => tokenOf(page), { timeout: 5000 }).not.toBe('');
          token = await tokenOf(page);
          before = (await api<{ balance: number }>('/api/wallet/index', token)).balance;
          await waitOpenWith(page, gameId, 6);
          const first = await countdown(page);
          await expect.poll(() => countdown(page), { timeout: 3000, interval: 200 }).toBeLessThan(first ?? 0);
        }

        await waitOpenWith(page, gameId, gc.allIn ? 12 : 9);
        await page.locator('button.play-cell:not([disabled])').first().click();
        await expect.poll(() => page.getByTestId('bet-bar').innerText(), { timeout: 5000 }).toContain('1 selected');
        if (gc.allIn) {
          await page.getByTestId('group-all-in').click();
          await page.getByTestId('play-ms.all2').click();
          await page.getByTestId('number-picker').waitFor();
          expect(await page.getByTestId('pick-confirm').isDisabled()).toBe(true);
          for (const n of ALL_IN_NUMBERS) await page.getByTestId(`pick-${n}`).click();
          // A third number cannot be added to a two-number play.
          expect(await page.getByTestId('pick-40').isDisabled()).toBe(true);
          await page.getByTestId('pick-confirm').click();
          // The picked numbers show as balls in their colours.
          await expect
            .poll(() => page.getByTestId('play-numbers').getByTestId('mini-ball').allTextContents(), { timeout: 5000 })
            .toEqual(ALL_IN_NUMBERS.map(String));
        }
        await page
          .getByTestId('bet-open')
          .click({ timeout: 5000 })
          .catch(async (e: unknown) => {
            const bar = await page.getByTestId('bet-bar').innerText();
            const phase = await page.getByTestId('game-phase').innerText();
            throw new Error(`${gc.code}: cannot open the slip (${bar} / ${phase})`, { cause: e });
          });
        if (gc.allIn) {
          expect(await page.getByTestId('slip-numbers').getByTestId('mini-ball').allTextContents()).toEqual(
            ALL_IN_NUMBERS.map(String),
          );
        }
        await page.getByTestId('bet-submit').click();
        await page.getByTestId('bet-confirm').click();
        await page.getByTestId('bet-outcome').waitFor();
        if ((await page.getByTestId('bet-outcome').getAttribute('data-ok')) !== 'true') {
          expect.fail(`${gc.code}: bet refused: ${await page.getByTestId('bet-error').textContent()}`);
        }
        const id = Number(await page.getByTestId('bet-slip-id').textContent());
        expect(id, gc.code).toBeGreaterThan(0);
        slips.push({ id, gameCase: gc, gameId });
        await page.getByTestId('bet-outcome-close').click();
        await page.locator('.sheet.is-open').waitFor({ state: 'detached' });
      }

      // Still on the last game: the period seals before its draw (the site's clock moves past the seal), and the
      // rules are one tap away.
      const last = slips[slips.length - 1]!;
      const period = await siteApi<CurrentGame>(t.site, `/api/game/current_game?games_id=${last.gameId}`, {
        method: 'POST',
      });
      if (period.status === 'open') clock.advance(period.seal_at! - period.server_time + 1_000);
      await page.locator('[data-phase="sealed"]').waitFor({ timeout: 10_000 });
      await page.getByTestId('game-rules-link').click();
      const rules = page.getByTestId('rules-group').first();
      await rules.waitFor();
      const rulesText = await page.locator('main').innerText();
      expect(rulesText).toMatch(/odds/i);
      expect(rulesText).toMatch(/RTP/);
      expect(rulesText).toMatch(/\d+\.\d{2} %/);

      // One wait for all five: every slip's own period drawn and settled. Every game draws at the same times here, so
      // moving the site's clock past the last game's draw draws them all (a slip in an earlier period, when the clock
      // moved on between bets, is drawn already).
      await drawCurrentPeriod(t.site, clock, last.gameId);
      const ids = slips.map((s) => s.id);
      let settled: BetSlip[] = [];
      await expect
        .poll(
          async () => {
            const list = await api<{ list: BetSlip[] }>('/api/bet/list?status=settled&page=1&limit=50', token);
            settled = list.list.filter((s) => ids.includes(s.id));
            return settled.length;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(ids.length);

      // The expected payout from the drawn result in the public history, computed here with the domain.
      const expected = new Map<number, { status: string; payout: number; zodiac?: string[] }>();
      let stakes = 0;
      let payouts = 0;
      for (const s of slips) {
        const slip = settled.find((x) => x.id === s.id);
        if (!slip) throw new Error(`slip ${s.id} not settled`);
        const history = await api<{ list: HistoryItem[] }>(`/api/game/history?games_id=${s.gameId}&page=1&limit=50`);
        const drawn = history.list.find((h) => h.issue === slip.issue);
        expect(drawn, `${s.gameCase.code} ${slip.issue} in the history`).toBeDefined();
        const result = drawn?.result ?? [];
        expect(slip.result).toEqual(result);
        const drawDate = slip.issue.replace(/^(\d{4})(\d{2})(\d{2})-\d+$/, '$1-$2-$3');
        // Mark Six: each drawn number's animal for the draw date, as in the history; none for the other families.
        const zodiac = s.gameCase.family === 'marksix' ? result.map((n) => zodiacOf(n, drawDate)) : undefined;
        expect(slip.zodiac, `${s.gameCase.code} zodiac`).toEqual(zodiac);
        let payout = 0;
        const results: string[] = [];
        for (const item of slip.items) {
          const play = findPlay(s.gameCase.family, item.code, drawDate);
          expect(play, `${s.gameCase.code} play ${item.code}`).toBeDefined();
          if (!play) continue;
          const r = settleBetItem({ play, odds: oddsBps(item.odds_bps), stake: minor(item.amount) }, result);
          expect(item.payout, `${slip.issue} ${item.code}`).toBe(r.payout);
          payout += r.payout;
          results.push(r.result);
          stakes += item.amount;
        }
        if (s.gameCase.allIn) {
          const allIn = slip.items.find((i) => i.code.startsWith('ms.all2.'));
          expect(allIn?.numbers).toEqual(ALL_IN_NUMBERS);
          expect(allIn?.code).toBe(`ms.all2.${ALL_IN_NUMBERS.join('-')}`);
        }
        const status = results.includes('win') ? 'won' : results.every((r) => r === 'push') ? 'push' : 'lost';
        expect(slip.status).toBe(status);
        expect(slip.payout).toBe(payout);
        expected.set(s.id, { status, payout, zodiac });
        payouts += payout;
      }

      // The settled list shows each slip with its status and exactly that payout.
      await page.goto('/settled');
      for (const s of slips) {
        const want = expected.get(s.id);
        const row = page.getByTestId('bet-item').filter({ hasText: new RegExp(`#${s.id}\\s·`) });
        await row.waitFor({ timeout: 10_000 });
        expect(await row.getAttribute('data-status'), `slip ${s.id}`).toBe(want?.status);
        expect((await row.getByTestId('bet-status').textContent())?.trim()).not.toBe('');
        expect(digits(await row.getByTestId('bet-payout').textContent()), `slip ${s.id} payout`).toBe(want?.payout);
        const animals = await row
          .getByTestId('ball-zodiac')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.zodiac ?? ''));
        expect(animals, `slip ${s.id} zodiac`).toEqual(want?.zodiac ?? []);
      }

      // Demo balance: −stakes + payouts, to the minor unit.
      const after = (await api<{ balance: number }>('/api/wallet/index', token)).balance;
      expect(after).toBe(before - stakes + payouts);

      // The K3 draw verifies in the history.
      const k3 = slips.find((s) => s.gameCase.family === 'k3');
      await page.goto(`/history?type=df_k3&category_id=${k3?.gameId}`);
      await page.getByTestId('history-item').first().waitFor({ timeout: 10_000 });
      await page.getByTestId('verify').first().click();
      const verdict = page.getByTestId('verify-result').first();
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-verified')).toBe('true');
      expect(await page.getByTestId('proof').first().textContent()).toMatch(/[0-9a-f]{64}/);
    } finally {
      await context.close();
    }
  }, 180_000);
});
