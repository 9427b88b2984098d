/**
 * Every route of the product spec (§2), in every catalogue, on a phone (390×844), as a logged-in player: each stays on
 * its path, renders its own screen (never "coming soon"), and shows none of what a newcomer trips over
 * (layout-check.ts: a horizontal scrollbar, text spilling out of its box or cut off without a titled ellipsis, a raw
 * key, an error state, a control under 44 px). The routes are those lib/paths.ts lists (the tab roots, and every table
 * of ALL_ROUTES, in each spelling). One page per language moves from route to route as a link does (the router's own
 * navigation, no reload), so the whole walk takes seconds a language. Set EVERY_SCREEN_SHOTS=<folder> to also write
 * each screen's screenshot in Thai and English there (`<lang>-<route>.png`), for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGS } from '@fairdraw/contract';
import { ALL_ROUTES, GAME_ROUTES, normalizePath, TABS } from '../apps/web/src/lib/paths.ts';
import { phone, settled, storage } from './harness.ts';
import { useSite } from './fixtures.ts';
import { catalogueKeys, layoutProblems } from './layout-check.ts';
import { registerInBrowser, screenshotsTo, siteApi } from './site-api.ts';

/** A game route is opened the way Home's tiles open it: the game's code as `type`, its id as `category_id`. */
const GAME_TYPE: Record<(typeof GAME_ROUTES)[number], string> = {
  '/pkShi': 'df_pk10',
  '/kuaisan': 'df_k3',
  '/aoLiu': 'xam_6',
  '/xingYun': 'xy_28',
  '/shiShiCai': 'df_ssc',
};

// Every listed spelling once (the spec lists /xingyun on Home and /xingYun among the routes: both are walked).
const ROUTES = [...new Set<string>([...TABS.map((tab) => tab.path), ...ALL_ROUTES, '/xingyun'])];
const KEYS = catalogueKeys();
const shot = screenshotsTo(process.env.EVERY_SCREEN_SHOTS);

const t = useSite({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' });
/** The player's session (local storage), registered once and carried into each language's page. */
let session: Record<string, string> = {};
/** Each game's id by its code (the lobby's list). */
let gameIds = new Map<string, number>();

beforeAll(async () => {
  const context = await phone(t.browser, t.site.url, 'en');
  const page = await context.newPage();
  await registerInBrowser(page);
  const { local } = await storage(page);
  delete local.lang;
  session = local;
  await context.close();
  const categories = await siteApi<{ games: { id: number; code: string }[] }[]>(t.site, '/api/game/category');
  gameIds = new Map(categories.flatMap((c) => c.games.map((g) => [g.code, g.id] as const)));
});

/** Goes to `path` as a link would (the router's navigation) and waits for its screen and its data. */
async function open(page: Page, path: string): Promise<string> {
  const game = Object.entries(GAME_TYPE).find(([p]) => normalizePath(p) === normalizePath(path));
  const url = game ? `${path}?type=${game[1]}&category_id=${gameIds.get(game[1]) ?? 0}` : path;
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, url);
  // The route's own chunk has arrived and drawn something other than the loading shell.
  await page.waitForFunction(() => !document.querySelector('.page--shell') && document.querySelector('main, .page'));
  // And what it asked the API for has been answered and handled (a redirect or another screen would follow that).
  await settled(page);
  return new URL(page.url()).pathname;
}

describe('every screen in every language (390×844)', () => {
  it('walks every route of the spec: the list is complete', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(48);
  });

  it('the check finds each kind of problem on a page made to have them', async () => {
    const context = await phone(t.browser, t.site.url);
    const page = await context.newPage();
    await page.setContent(`<meta name="viewport" content="width=device-width, initial-scale=1">
      <body style="margin:0"><div id="root">
      <div style="width:900px;height:10px"></div>
      <p style="width:60px;white-space:nowrap">A label far too long for its box</p>
      <p style="width:60px;white-space:nowrap;overflow:hidden">Cut off without an ellipsis</p>
      <p style="width:60px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">An ellipsis with no title</p>
      <p title="Cut off with an ellipsis and a title" style="width:60px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Cut off with an ellipsis and a title</p>
      <p>wallet.title</p>
      <p>Refused: LOGIN_REQUIRED</p>
      <div data-testid="error-state">Could not load this.</div>
      <button style="width:30px;height:44px">x</button>
      <button style="width:60px;height:30px">Low</button>
      <p>Read the <a href="/rule">rules</a> first.</p>
    </div></body>`);
    const found = await layoutProblems(page, KEYS, { touch: true });
    await context.close();
    expect(found).toHaveLength(9);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^horizontal scroll/),
        expect.stringMatching(/^text spills out of its box: <p> "A label far too long/),
        expect.stringMatching(/^text cut off: <p> "Cut off without/),
        expect.stringMatching(/^text cut off \(an ellipsis without a title\): <p> "An ellipsis/),
        'control 30×44 px: <button> "x"',
        'control 60×30 px: <button> "Low"',
        expect.stringMatching(/^error state: <div error-state>/),
        'raw key on screen: wallet.title',
        'raw key on screen: LOGIN_REQUIRED',
      ]),
    );
  });

  describe.each(LANGS)('%s', (lang) => {
    let page: Page;
    beforeAll(async () => {
      const context = await phone(t.browser, t.site.url, lang);
      await context.addInitScript((s: Record<string, string>) => {
        for (const [k, v] of Object.entries(s)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      }, session);
      page = await context.newPage();
      await page.goto('/');
      await settled(page);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it.each(ROUTES)('%s', async (path) => {
      const at = await open(page, path);
      expect(normalizePath(at), `${path} redirected to ${at}`).toBe(normalizePath(path));
      expect(await page.getByTestId('coming-soon').count(), `${path} shows the coming-soon page`).toBe(0);
      expect(await page.getByTestId('game-unknown').count(), `${path} does not know its game`).toBe(0);
      if (lang === 'th' || lang === 'en') await shot(page, `${lang}-${path.slice(1) || 'home'}`);
      expect(await layoutProblems(page, KEYS, { touch: true })).toEqual([]);
    });
  });
});
