/**
 * The game screens in the browser at 390×844 against the real site with 20-second periods: a guest opens K3, sees
 * the issue and the countdown, starts the demo and places a bet (skipped with a note while POST /api/game/bet is
 * not there: 404), then after the draw finds the result in the history and verifies it.
 */
import { describe, expect, it } from 'vitest';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite({ GAME_CYCLE_OVERRIDE_SECONDS: '20', RATE_LIMIT_MAX: '100000' });

describe('games', () => {
  it('K3: countdown and issue, a demo bet, then the drawn result verifies in the history', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    try {
      const cats = (await (await fetch(`${t.site.url}/api/game/category`)).json()) as {
        data: { games: { id: number; code: string }[] }[];
      };
      const k3 = cats.data.flatMap((c) => c.games).find((g) => g.code === 'df_k3');
      expect(k3).toBeDefined();
      const url = `/kuaisan?type=df_k3&category_id=${k3?.id}`;

      await page.goto(url);
      await expect.poll(() => page.getByTestId('game-issue').textContent()).toMatch(/^\d{8}-\d{4}$/);
      await page.getByTestId('game-phase').waitFor();
      expect(await page.getByTestId('bet-bar').textContent()).toContain('Log in');

      // The demo from the game itself, then a bet once the period is open.
      await page.getByTestId('bet-try-demo').click();
      await page.getByTestId('topbar-balance').waitFor();
      await page.locator('[data-phase="open"]').waitFor({ timeout: 30_000 });
      await page.locator('.play-cell').first().click();
      await page.getByTestId('bet-open').click();
      await page.getByTestId('bet-submit').click();
      await page.getByTestId('bet-confirm').click();
      await page.getByTestId('bet-outcome').waitFor();
      const ok = await page.getByTestId('bet-outcome').getAttribute('data-ok');
      if (ok !== 'true') {
        const msg = await page.getByTestId('bet-error').textContent();
        // POST /api/game/bet not built yet: the slip says so instead of failing; anything else is a failure.
        if (!msg?.includes('not available yet')) expect.fail(`bet refused: ${msg}`);
        console.warn('games.spec: bet step skipped, the bet endpoint answered 404');
      } else {
        expect(await page.getByTestId('bet-slip-id').textContent()).toMatch(/^\d+$/);
      }

      // After the draw: the result is in the history and verifies.
      await page.goto(`/history?type=df_k3&category_id=${k3?.id}`);
      await page.getByTestId('history-item').first().waitFor({ timeout: 45_000 });
      await page.getByTestId('verify').first().click();
      const verdict = page.getByTestId('verify-result').first();
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-verified')).toBe('true');
      expect(await page.getByTestId('proof').first().textContent()).toMatch(/[0-9a-f]{64}/);
    } finally {
      await context.close();
    }
  }, 120_000);
});
