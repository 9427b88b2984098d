/**
 * Cancelling a slip before the seal, in the browser at 390×844, in Thai and in English: a guest opens the bet records
 * (/hyTou) by taps from the tab bar and reads his balance in the top bar; a slip placed through the API shows with
 * its Cancel action; Cancel → the confirm dialog → confirm: the slip shows cancelled (the catalogue's words) and the
 * balance is back to what it was. On the open slips (/gameBet) a second slip is cancelled the same way and leaves
 * the list. Then the operator turns cancelling off for K3 in the console's Games screen (1440×900): a slip of it
 * has no Cancel action and the API refuses to cancel it.
 *
 * Periods last an hour here (GAME_CYCLE_OVERRIDE_SECONDS), so a slip stays open while the test looks at it; when
 * the test starts inside a seal window, the site's wall clock (server-clock.ts) is moved on to the next period
 * rather than waited for.
 *
 * With CANCEL_SHOTS=<folder> it writes <lang>-hyTou-cancel.png, <lang>-hyTou-confirm.png,
 * <lang>-hyTou-cancelled.png, <lang>-gameBet-cancel.png and console-games-cancel.png there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminGames, BetSlip, CurrentGame, GameCategory, PlayGroup } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  norm,
  OPERATOR,
  OPERATOR_SITE,
  operatorLogin,
  readRepoJson,
  screenshotsTo,
  siteApi,
  tokenOf,
} from './site-api.ts';
import { SERVER_CLOCK } from './site-clock.ts';

const clockFile = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
let offset = 0;
const t = useSite({
  ...OPERATOR_SITE,
  GAME_CYCLE_OVERRIDE_SECONDS: '3600',
  NODE_OPTIONS: `--import ${SERVER_CLOCK}`,
  FD_TEST_CLOCK_FILE: clockFile,
});
const shot = screenshotsTo(process.env.CANCEL_SHOTS);

type Lang = 'th' | 'en';
type Catalogue = {
  bets: { status: Record<string, string>; cancel: Record<string, string> };
  gamesAdmin: Record<string, string>;
};
const catalogue = (lang: Lang) => readRepoJson(`apps/web/src/locales/${lang}.json`) as Catalogue;
const errors = (lang: Lang) => readRepoJson(`packages/contract/locales/${lang}/errors.json`) as Record<string, string>;

const api = <T>(path: string, init: { token?: string; body?: unknown; lang?: string; method?: 'GET' | 'POST' } = {}) =>
  siteApi<T>(t.site, path, init);

/** The game's current period with at least ten minutes to its seal: the site's clock moved on to it if need be. */
async function openPeriod(gameId: number): Promise<CurrentGame> {
  for (let i = 0; i < 50; i++) {
    const period = await api<CurrentGame>(`/api/game/current_game?games_id=${gameId}`, { method: 'POST' });
    const left = (period.seal_at ?? 0) - period.server_time;
    if (period.status === 'open' && period.issue && left > 600_000) return period;
    if (i === 0 && period.draw_at) {
      // Past this period's seal, or close to it: on to a second after its draw, when the next one is open.
      offset += Math.max(0, period.draw_at - period.server_time) + 1_000;
      writeFileSync(clockFile, String(offset));
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`game ${gameId}: no open period`);
}

/** A one-item slip of 10.00 on the game's current period. */
async function placeSlip(token: string, gameId: number, lang: Lang): Promise<BetSlip> {
  const groups = await api<PlayGroup[]>(`/api/game/play_items?group_id=${gameId}`);
  const play = groups.flatMap((g) => g.items).find((i) => !i.code.startsWith('ms.all'));
  const period = await openPeriod(gameId);
  return api<BetSlip>('/api/game/bet', {
    token,
    lang,
    body: { games_id: gameId, issue: period.issue, items: [{ play_id: play!.id, amount: 1000 }] },
  });
}

/** The id of K3. */
async function k3Id(): Promise<number> {
  const cats = await api<GameCategory[]>('/api/game/category');
  const id = cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
}

describe('cancelling a slip before the seal', () => {
  it.each(['th', 'en'] as const)('%s: from the bet records and the open slips, the stake back', async (lang) => {
    const text = catalogue(lang);
    const k3 = await k3Id();
    const context = await phone(t.browser, t.site.url, lang);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('login-guest').click();
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => tokenOf(page), { timeout: 5000 }).not.toBe('');
      const token = await tokenOf(page);

      // Tab bar → My → bet records: no slip yet; the balance in the top bar.
      await page.getByTestId('tab-my').click();
      await page.getByTestId('my-bet-records').click();
      await page.waitForURL((u) => u.pathname === '/hyTou');
      const balance = page.getByTestId('topbar-balance');
      await balance.waitFor();
      const before = norm(await balance.innerText());

      // A slip placed through the API: on reload it shows, with Cancel; the balance is 10.00 less.
      const slip = await placeSlip(token, k3, lang);
      expect(slip.cancellable).toBe(true);
      await page.reload();
      const row = page.getByTestId('bet-item').filter({ hasText: slip.issue });
      await row.waitFor();
      await expect.poll(async () => norm(await balance.innerText())).not.toBe(before);
      expect(await row.getAttribute('data-status')).toBe('unsettled');
      const cancel = row.getByTestId('bet-cancel');
      expect(norm(await cancel.innerText())).toBe(text.bets.cancel.button);
      await shot(page, `${lang}-hyTou-cancel`);

      // Cancel → the confirm step, naming the stake and the period; "keep" changes nothing.
      await cancel.click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(norm(await dialog.innerText())).toContain(text.bets.cancel.title);
      expect(norm(await dialog.innerText())).toContain(slip.issue);
      await shot(page, `${lang}-hyTou-confirm`);
      await page.getByTestId('dialog-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await row.getAttribute('data-status')).toBe('unsettled');
      await cancel.click();
      await page.getByTestId('bet-cancel-confirm').click();

      // Cancelled, in the catalogue's words; no Cancel any more; the balance back.
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('cancelled');
      expect(norm(await row.getByTestId('bet-status').innerText())).toContain(text.bets.status.cancelled);
      expect(await row.getByTestId('bet-cancel').count()).toBe(0);
      await expect.poll(async () => norm(await balance.innerText()), { timeout: 10_000 }).toBe(before);
      await page.getByTestId('bets-filter-status').selectOption('cancelled');
      await expect.poll(() => page.getByTestId('bet-item').count(), { timeout: 10_000 }).toBe(1);
      await shot(page, `${lang}-hyTou-cancelled`);

      // The open slips: a second slip, cancelled from there, leaves the list.
      const second = await placeSlip(token, k3, lang);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/my');
      await page.getByTestId('my-open-bets').click();
      await page.waitForURL((u) => u.pathname === '/gameBet');
      const open = page.getByTestId('bet-item').filter({ hasText: `#${second.id}` });
      await open.waitFor();
      // The top bar's balance, refreshed by a tap: 10.00 less again.
      await balance.click();
      await expect.poll(async () => norm(await balance.innerText()), { timeout: 10_000 }).not.toBe(before);
      await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, `${lang}-gameBet-cancel`);
      await open.getByTestId('bet-cancel').click();
      await page.getByTestId('bet-cancel-confirm').click();
      await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(async () => norm(await balance.innerText()), { timeout: 10_000 }).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('the operator turns cancelling off for K3 in the console: a slip of it keeps no Cancel', async () => {
    const lang: Lang = 'en';
    const text = catalogue(lang);
    const opsContext = await t.browser.newContext({ baseURL: t.site.url, viewport: { width: 1440, height: 900 } });
    await opsContext.addInitScript((l: string) => localStorage.setItem('lang', l), lang);
    const ops = await opsContext.newPage();
    const player = await phone(t.browser, t.site.url, lang);
    const page = await player.newPage();
    try {
      await operatorLogin(ops);
      await ops.goto('/rechargeAdmin');
      await ops.getByTestId('console-desk').waitFor();
      await ops.getByTestId('admin-tab-games').click();
      const toggle = ops.getByTestId('game-cancel-df_k3');
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
      const label = ops.locator('label', { has: toggle });
      await expect.poll(async () => norm(await label.innerText())).toBe(text.gamesAdmin.cancelOff);
      await expect
        .poll(async () => norm(await ops.getByTestId('toast').innerText()))
        .toBe(text.gamesAdmin.cancelOffNow);
      await shot(ops, 'console-games-cancel');
      const operator = await api<{ token: string }>('/api/user/login', { body: OPERATOR });
      const games = await api<AdminGames>('/api/admin/games/list', { token: operator.token });
      expect(games.games.find((g) => g.code === 'df_k3')?.cancel_enabled).toBe(false);

      // The player's slip of K3: listed without Cancel, and the API refuses it in his language.
      await page.goto('/login');
      await page.getByTestId('login-guest').click();
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => tokenOf(page), { timeout: 5000 }).not.toBe('');
      const token = await tokenOf(page);
      const slip = await placeSlip(token, await k3Id(), lang);
      expect(slip.cancellable).toBe(false);
      await page.goto('/hyTou');
      const row = page.getByTestId('bet-item').filter({ hasText: slip.issue });
      await row.waitFor();
      expect(await row.getByTestId('bet-cancel').count()).toBe(0);
      await expect(api('/api/game/cancel', { token, lang, body: { id: slip.id } })).rejects.toThrow(
        errors(lang).BET_CANCEL_DISABLED,
      );

      // On again: the same slip can be cancelled.
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
      const done = await api<BetSlip>('/api/game/cancel', { token, lang, body: { id: slip.id } });
      expect(done.status).toBe('cancelled');
    } finally {
      await player.close();
      await opsContext.close();
    }
  });
});
