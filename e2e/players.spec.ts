/**
 * The console's Players screen, in Thai and English: an operator at a desk (1280×800) finds a player by
 * part of his account, opens him and freezes him with a reason; the player (390×844) is told on My and on the bet
 * slip and up front on /withdraw, cannot place a bet, and the API refuses one (ACCOUNT_FROZEN). Then the operator resets the player's login
 * password: the temporary password is shown once, the player's session ends, and at his next login he is sent to
 * change it before anything else. Set PLAYERS_SHOTS=<folder> to also write screenshots of these screens there.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { desk, phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  norm,
  OPERATOR_SITE,
  operatorLogin,
  readRepoJson,
  registerInBrowser,
  openPeriodWith,
  screenshotsTo,
  siteApi,
  tokenOf,
} from './site-api.ts';
import { siteClock } from './site-clock.ts';

// The frozen player's slip is looked at in an open period: when K3's is near its seal, the site's clock moves on to
// the next one rather than waiting for it (openPeriodWith).
const clock = siteClock();
const t = useSite({
  ...OPERATOR_SITE,
  ...clock.env,
  GAME_CYCLE_OVERRIDE_SECONDS: '300',
});
const shot = screenshotsTo(process.env.PLAYERS_SHOTS);

type Lang = 'th' | 'en';
const errorsOf = (lang: Lang) =>
  readRepoJson(`packages/contract/locales/${lang}/errors.json`) as Record<string, string>;
const webOf = (lang: Lang) => readRepoJson(`apps/web/src/locales/${lang}.json`) as { my: { operator: string } };

/**
 * A fresh player registered on a phone and the operator at a desk, both in `lang`, for `body`; both contexts are
 * closed after it.
 */
async function withPlayerAndOperator(
  lang: Lang,
  body: (s: { page: Page; ops: Page; account: string }) => Promise<void>,
): Promise<void> {
  const player = await phone(t.browser, t.site.url, lang);
  const page = await player.newPage();
  const opsContext = await desk(t.browser, t.site.url, lang);
  const ops = await opsContext.newPage();
  try {
    const account = await registerInBrowser(page);
    await body({ page, ops, account });
  } finally {
    await player.close();
    await opsContext.close();
  }
}

/** The operator logs in and opens the console's Players screen through My and the side navigation. */
async function openPlayers(ops: Page, lang: Lang) {
  await operatorLogin(ops);
  await ops.goto('/my');
  await ops.getByRole('link', { name: webOf(lang).my.operator }).click();
  await ops.getByTestId('admin-tab-players').click();
  await ops.getByTestId('admin-players').waitFor();
}

/** Finds the player by part of his account and opens his detail. */
async function findPlayer(ops: Page, account: string) {
  await ops.getByTestId('player-search').fill(account.slice(1, 8));
  await ops.getByTestId('player-search-submit').click();
  const row = ops.locator('[data-testid="player-row"]', { hasText: account });
  await row.waitFor();
  await row.click();
  await ops.locator(`[data-testid="player-detail"][data-account="${account}"]`).waitFor();
}

describe('the console freezes a player and resets his password', () => {
  it.each(['th', 'en'] as const)(
    '%s: the operator finds and freezes a player, who then cannot bet',
    async (lang) => {
      await withPlayerAndOperator(lang, async ({ page, ops, account }) => {
        const token = await tokenOf(page);
        await approvedDeposit(t.site, token, 50_000);

        await openPlayers(ops, lang);
        await findPlayer(ops, account);
        expect(norm(await ops.getByTestId('player-balance').innerText())).toContain('500.00');
        await shot(ops, `${lang}-console-player`);
        await ops.getByTestId('player-freeze').click();
        // A reason is required: without one the dialog stays and says so.
        await ops.getByTestId('player-freeze-confirm').click();
        await ops.getByTestId('player-freeze-reason').fill('Chargeback under review');
        await shot(ops, `${lang}-console-freeze-dialog`);
        await ops.getByTestId('player-freeze-confirm').click();
        await ops.getByTestId('player-frozen-badge').first().waitFor();
        await ops.getByTestId('player-unfreeze').waitFor();
        await shot(ops, `${lang}-console-frozen`);
        // The console stays usable on a phone.
        await ops.setViewportSize({ width: 390, height: 844 });
        await findPlayer(ops, account);
        await ops.getByTestId('player-detail').scrollIntoViewIfNeeded();
        await shot(ops, `${lang}-console-phone`);

        // The player: My says so, the slip says so and its button stays off, and the API refuses the bet.
        const frozenText = errorsOf(lang).ACCOUNT_FROZEN ?? '?';
        await page.goto('/my');
        await page.getByTestId('my-frozen').waitFor();
        expect(norm(await page.getByTestId('my-frozen').innerText())).toBe(frozenText);
        await shot(page, `${lang}-my-frozen`);
        // /withdraw says so up front, with the way to support (withdrawals are refused while frozen).
        await page.goto('/withdraw');
        await page.getByTestId('withdraw-frozen').waitFor();
        expect(norm(await page.getByTestId('withdraw-frozen').innerText())).toContain(frozenText);
        await page.getByTestId('withdraw-frozen-support').waitFor();
        await shot(page, `${lang}-withdraw-frozen`);
        const cats = await siteApi<{ games: { id: number; code: string }[] }[]>(t.site, '/api/game/category');
        const k3 = cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3');
        // A minute to the seal at least, so neither the slip nor the API's answer below races it.
        await openPeriodWith(t.site, clock, k3?.id ?? 0, 60_000);
        await page.goto(`/kuaisan?type=df_k3&category_id=${k3?.id ?? 0}`);
        await expect
          .poll(
            () =>
              page
                .getByTestId('game-phase')
                .getAttribute('data-phase', { timeout: 500 })
                .catch(() => null),
            { timeout: 20_000, interval: 250 },
          )
          .toBe('open');
        await page.locator('button.play-cell:not([disabled])').first().click();
        await page.getByTestId('bet-open').click();
        await page.getByTestId('bet-frozen').waitFor();
        expect(norm(await page.getByTestId('bet-frozen').innerText())).toBe(frozenText);
        expect(await page.getByTestId('bet-submit').isDisabled()).toBe(true);
        await shot(page, `${lang}-slip-frozen`);

        const issue = norm((await page.getByTestId('game-issue').textContent()) ?? '');
        const groups = await siteApi<{ items: { id: number }[] }[]>(
          t.site,
          `/api/game/play_items?group_id=${k3?.id ?? 0}`,
        );
        const plays = groups.flatMap((g) => g.items);
        const res = await fetch(`${t.site.url}/api/game/bet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, lang },
          body: JSON.stringify({
            games_id: k3?.id,
            issue,
            items: [{ play_id: plays[0]?.id, amount: 1000 }],
          }),
        });
        const refused = (await res.json()) as { code: number; error: string; msg: string };
        expect([refused.code, refused.error, refused.msg]).toEqual([403, 'ACCOUNT_FROZEN', frozenText]);
        const wallet = await siteApi<{ balance: number }>(t.site, '/api/wallet/index', { token });
        expect(wallet.balance).toBe(50_000);
      });
    },
    180_000,
  );

  it.each(['th', 'en'] as const)(
    '%s: a password reset shows a temporary password once; the player must change it at his next login',
    async (lang) => {
      await withPlayerAndOperator(lang, async ({ page, ops, account }) => {
        await openPlayers(ops, lang);
        await findPlayer(ops, account);
        await ops.getByTestId('player-reset').click();
        await ops.getByTestId('player-reset-confirm').click();
        const temporary = norm(await ops.getByTestId('player-temp-password').innerText());
        expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/);
        await shot(ops, `${lang}-console-temp-password`);
        await ops.getByTestId('player-temp-done').click();
        await ops.getByTestId('player-temp-password').waitFor({ state: 'detached' });

        // The player's session ended: the next screen that asks the API sends him to log in.
        await page.goto('/my');
        await page.waitForURL((u) => u.pathname === '/login');
        await page.getByTestId('login-account').fill(account);
        await page.getByTestId('login-password').fill(temporary);
        await page.getByTestId('login-submit').click();
        await page.waitForURL((u) => u.pathname === '/editPwd');
        await page.getByTestId('loginpwd-must-change').waitFor();
        expect(norm(await page.getByTestId('loginpwd-must-change').innerText())).toBe(
          errorsOf(lang).PASSWORD_CHANGE_REQUIRED,
        );
        await shot(page, `${lang}-must-change`);
        // Nothing else answers meanwhile.
        const blocked = await fetch(`${t.site.url}/api/wallet/index`, { headers: { token: await tokenOf(page) } });
        expect(((await blocked.json()) as { error: string }).error).toBe('PASSWORD_CHANGE_REQUIRED');

        await page.getByTestId('loginpwd-old').fill(temporary);
        await page.getByTestId('loginpwd-password').fill('mine2024');
        await page.getByTestId('loginpwd-confirm').fill('mine2024');
        await page.getByTestId('loginpwd-submit').click();
        await page.getByTestId('password-changed').waitFor();
        const wallet = await fetch(`${t.site.url}/api/wallet/index`, { headers: { token: await tokenOf(page) } });
        expect(((await wallet.json()) as { code: number }).code).toBe(200);
        await page.goto('/my');
        await page.getByTestId('my-nickname').waitFor();
        expect(page.url()).toContain('/my');
      });
    },
    120_000,
  );
});
