/**
 * A chase in the browser at 390×844, in Thai and in English: a registered player with a deposit opens K3, picks a
 * play, and from the slip chooses "Chase" over 3 periods (the whole stake, 3 × 10.00, is shown and taken at once);
 * the bet records' Chases tab (/hyTou) lists it with its first period placed and two waiting; he cancels it and the
 * two periods not placed come back to his balance.
 *
 * Periods last five minutes, and the site's wall clock (server-clock.ts) is moved to a few seconds after a draw before
 * each language, so the period the chase starts on has minutes to its seal: nothing waits for the real clock.
 * With CHASE_SHOTS=<folder> it writes <lang>-chase-sheet.png, <lang>-chase-placed.png, <lang>-chase-list.png and
 * <lang>-chase-cancelled.png there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CurrentGame, GameCategory, WalletData } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  norm,
  OPERATOR_SITE,
  readRepoJson,
  registerInBrowser,
  screenshotsTo,
  siteApi,
  tokenOf,
} from './site-api.ts';
import { SERVER_CLOCK } from './site-clock.ts';

const CYCLE_MS = 300_000;
const clockFile = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
let offset = 0;
/** Moves the site's wall clock to 5 s after its next draw boundary (every game draws on the same 300 s grid). */
function toFreshPeriod(): void {
  const serverNow = Date.now() + offset;
  offset = Math.ceil(serverNow / CYCLE_MS) * CYCLE_MS + 5_000 - Date.now();
  writeFileSync(clockFile, String(Math.round(offset)));
}
toFreshPeriod();

const t = useSite({
  ...OPERATOR_SITE,
  NODE_OPTIONS: `--import ${SERVER_CLOCK}`,
  FD_TEST_CLOCK_FILE: clockFile,
  GAME_CYCLE_OVERRIDE_SECONDS: '300',
});
const shot = screenshotsTo(process.env.CHASE_SHOTS);
const WAIT = { timeout: 15_000 };

type Lang = 'th' | 'en';
type Texts = { chase: { status: Record<string, string>; state: Record<string, string>; chasesTab: string } };
const textsOf = (lang: Lang) => readRepoJson(`apps/web/src/locales/${lang}.json`) as Texts;

const api = <T>(path: string, init: { token?: string; body?: unknown; method?: 'GET' | 'POST' } = {}) =>
  siteApi<T>(t.site, path, init);

describe('chase', () => {
  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: chase a slip over 3 periods from the slip, see it in the records, cancel it, the rest refunded`, async () => {
      const texts = textsOf(lang);
      toFreshPeriod();
      const cats = await api<GameCategory[]>('/api/game/category');
      const k3 = cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
      // The scheduler has caught up with the moved clock: K3's period is open, minutes before its seal.
      await expect
        .poll(
          async () => {
            const p = await api<CurrentGame>(`/api/game/current_game?games_id=${k3}`, { method: 'POST' });
            return p.status === 'open' && (p.seal_at ?? 0) - p.server_time > 120_000;
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBe(true);

      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await registerInBrowser(page);
        const token = await tokenOf(page);
        await approvedDeposit(t.site, token, 100_000);
        const balance = async () => (await api<WalletData>('/api/wallet/index', { token })).balance;
        expect(await balance()).toBe(100_000);

        await page.goto(`/kuaisan?type=df_k3&category_id=${k3}`);
        await expect.poll(() => page.getByTestId('game-phase').getAttribute('data-phase'), WAIT).toBe('open');
        await page.locator('button.play-cell:not([disabled])').first().click();
        await page.getByTestId('bet-open').click();
        await page.getByTestId('bet-amount').fill('10');
        await page.getByTestId('chase-open').click();
        const sheet = page.getByTestId('chase-sheet');
        await sheet.getByTestId('chase-periods').fill('3');
        await expect.poll(async () => norm(await sheet.getByTestId('chase-total').innerText()), WAIT).toMatch(/30\.00/);
        await shot(page, `${lang}-chase-sheet`);
        await sheet.getByTestId('chase-submit').click();
        await sheet.getByTestId('chase-outcome').waitFor(WAIT);
        await shot(page, `${lang}-chase-placed`);
        // The whole stake is taken at once.
        expect(await balance()).toBe(100_000 - 3_000);
        await sheet.getByTestId('chase-done').click();

        // My → bet records → Chases: the first period placed, two waiting.
        await page.goto('/my');
        await page.getByTestId('my-bet-records').click();
        await page.waitForURL((u) => u.pathname === '/hyTou');
        await page.getByTestId('records-chases').click();
        const item = page.getByTestId('chase-item').first();
        await item.waitFor(WAIT);
        expect(
          await item.getByTestId('chase-period').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
        ).toEqual(['placed', 'pending', 'pending']);
        expect(norm(await item.getByTestId('chase-status').innerText())).toBe(texts.chase.status.active);
        await shot(page, `${lang}-chase-list`);

        // Cancel: the two periods not placed come back.
        await item.getByTestId('chase-cancel').click();
        await page.getByTestId('chase-cancel-confirm').click();
        await expect
          .poll(async () => norm(await item.getByTestId('chase-status').innerText()), WAIT)
          .toBe(texts.chase.status.cancelled);
        expect(
          await item.getByTestId('chase-period').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
        ).toEqual(['placed', 'refunded', 'refunded']);
        expect(norm(await item.getByTestId('chase-refunded').innerText())).toMatch(/20\.00/);
        expect(await balance()).toBe(100_000 - 1_000);
        await shot(page, `${lang}-chase-cancelled`);
      } finally {
        await context.close();
      }
    });
  }
});
