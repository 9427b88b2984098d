/**
 * Every screen of the operator console, in every catalogue, at a desk (1440×900), as the operator: each shows none of
 * what trips a newcomer up (layout-check.ts: a horizontal scrollbar, text spilling out of its box or cut off without a
 * titled ellipsis, a raw key, an error state, a control under 44 px). The screens are those the console's side
 * navigation lists (`admin-tab-<key>`), chosen as the operator chooses them; one page per language. Set
 * EVERY_SCREEN_SHOTS=<folder> to also write each screen's screenshot in Thai and English there (`console-<lang>-<screen>.png`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGS } from '@fairdraw/contract';
import { settled } from './harness.ts';
import { useSite } from './fixtures.ts';
import { catalogueKeys, layoutProblems } from './layout-check.ts';
import { OPERATOR_SITE, operatorLogin, screenshotsTo } from './site-api.ts';

/** The desk the console is checked at: a common laptop screen. */
const DESK = { width: 1440, height: 900 } as const;
const KEYS = catalogueKeys();
const shot = screenshotsTo(process.env.EVERY_SCREEN_SHOTS);
/** The console's screens as its side navigation lists them, in its order (read in the first language). */
const SCREENS = [
  'deposits',
  'withdrawals',
  'channels',
  'providers',
  'players',
  'kyc',
  'messages',
  'support',
  'games',
  'draws',
  'home',
  'promotions',
  'rebate',
  'dashboard',
  'audit',
  'ledger',
  'twofactor',
];

const t = useSite(OPERATOR_SITE);

describe('every console screen in every language (1440×900)', () => {
  describe.each(LANGS)('%s', (lang) => {
    let page: Page;
    beforeAll(async () => {
      const context = await t.browser.newContext({ baseURL: t.site.url, viewport: DESK });
      await context.addInitScript((l: string) => localStorage.setItem('lang', l), lang);
      page = await context.newPage();
      await operatorLogin(page);
      await page.goto('/rechargeAdmin');
      await page.getByTestId('console-desk').waitFor();
      await settled(page);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('the side navigation lists exactly these screens', async () => {
      const keys = await page
        .locator('[data-testid="console-desk"] [data-testid^="admin-tab-"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')?.replace('admin-tab-', '')));
      expect(keys).toEqual(SCREENS);
    });

    it.each(SCREENS)('%s', async (key) => {
      await page.locator(`[data-testid="console-desk"] [data-testid="admin-tab-${key}"]`).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === key);
      await settled(page);
      if (lang === 'th' || lang === 'en') await shot(page, `console-${lang}-${key}`);
      expect(await layoutProblems(page, KEYS, { touch: false })).toEqual([]);
    });
  });
});
