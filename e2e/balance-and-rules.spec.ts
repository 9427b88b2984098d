/**
 * docs/trust.md 27 and 28 in the browser at 390×844: a logged-in player sees the balance in the top bar of every game
 * screen (the seven games) and of every cashier screen the router serves, and each game screen's rules — the odds
 * and RTP of every play — are one tap away, before any bet. The lists of screens come from the web's own route
 * table and the API's game list, so a new game or cashier screen is covered without editing this file.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameTile } from '@fairdraw/contract';
import { MONEY_ROUTES } from '../apps/web/src/lib/paths.ts';
import { gameHref } from '../apps/web/src/lib/games.ts';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' });
const PASSWORD = 'abc12345';
/** Cashier screens: every money route but the player's hub (/my) and the operator console. */
const CASHIER = Object.entries(MONEY_ROUTES)
  .filter(([, page]) => page !== 'my' && page !== 'admin')
  .map(([path]) => path);

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByTestId('register-account').fill(`b${randomBytes(5).toString('hex')}`);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-adult').check();
  await page.getByTestId('register-submit').click();
  // The deposit-limit offer that follows registering, skipped.
  await page.getByTestId('deposit-limit-skip').click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** The top bar's balance is on screen and says the wallet's balance (0.00 for a new player). */
async function expectBalance(page: Page, where: string) {
  const chip = page.getByTestId('topbar-balance');
  await chip.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`no balance in the top bar of ${where}`);
  });
  const box = await chip.boundingBox();
  expect(box, where).not.toBeNull();
  expect(box!.y, where).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, where).toBeLessThanOrEqual(844);
  expect((await chip.innerText()).replace(/\D/g, ''), where).toBe('000');
}

describe('balance and rules on every screen that needs them', () => {
  it('the balance is in the top bar of every game and cashier screen; the rules are one tap from every game', async () => {
    const res = await fetch(`${t.site.url}/api/game/games`);
    const games = ((await res.json()) as { data: GameTile[] }).data;
    expect(games.length).toBe(7);
    expect(CASHIER.length).toBeGreaterThan(10);
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    try {
      await register(page);
      for (const game of games) {
        const href = gameHref(game);
        expect(href, game.code).not.toBeNull();
        await page.goto(href!);
        await expectBalance(page, href!);
        // One tap, and the rules with odds and RTP are there.
        await page.getByTestId('game-rules-link').click();
        await page.getByTestId('rules-group').first().waitFor();
        const text = await page.locator('main').innerText();
        expect(text, game.code).toMatch(/odds/i);
        expect(text, game.code).toMatch(/RTP/);
        expect(text, game.code).toMatch(/\d+\.\d{2} %/);
      }
      for (const path of CASHIER) {
        await page.goto(path);
        await expectBalance(page, path);
      }
    } finally {
      await context.close();
    }
  });
});
