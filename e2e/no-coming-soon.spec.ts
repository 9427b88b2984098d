/**
 * No route of the product spec (§2) shows "coming soon". Walks every route lib/paths.ts lists (the tab
 * roots, and every table of ALL_ROUTES, in each spelling) as a logged-in player at 390×844 and asserts that each
 * stays on its path and renders its own screen, not the coming-soon page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ALL_ROUTES, GAME_ROUTES, normalizePath, TABS } from '../apps/web/src/lib/paths.ts';
import { phone, settled } from './harness.ts';
import { useSite } from './fixtures.ts';
import { registerInBrowser } from './site-api.ts';

/** A game route is opened the way Home's tiles open it: with the game code as `type`. */
const GAME_TYPE: Record<(typeof GAME_ROUTES)[number], string> = {
  '/pkShi': 'df_pk10',
  '/kuaisan': 'df_k3',
  '/aoLiu': 'xam_6',
  '/xingYun': 'xy_28',
  '/shiShiCai': 'df_ssc',
};

// Every listed spelling once (the spec lists /xingyun on Home and /xingYun among the routes: both are walked).
const ROUTES = [...new Set<string>([...TABS.map((tab) => tab.path), ...ALL_ROUTES, '/xingyun'])];

const t = useSite({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' });
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await phone(t.browser, t.site.url, 'en');
  page = await context.newPage();
  await registerInBrowser(page);
});
afterAll(async () => {
  await context?.close();
});

async function open(path: string): Promise<{ at: string; comingSoon: boolean }> {
  const game = Object.entries(GAME_TYPE).find(([p]) => normalizePath(p) === normalizePath(path));
  await page.goto(game ? `${path}?type=${game[1]}` : path);
  // The route's own chunk has arrived and drawn something other than the loading shell.
  await page.waitForFunction(() => !document.querySelector('.page--shell') && document.querySelector('main, .page'));
  // And what it asked the API for has been answered and handled (a redirect or another screen would follow that).
  await settled(page);
  return {
    at: new URL(page.url()).pathname,
    comingSoon: (await page.getByTestId('coming-soon').count()) > 0,
  };
}

describe('no spec route shows "coming soon"', () => {
  it('walks every route of the spec: the list is complete', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(48);
  });

  it.each(ROUTES)('%s renders its own screen', async (path) => {
    const { at, comingSoon } = await open(path);
    expect(normalizePath(at), `${path} redirected to ${at}`).toBe(normalizePath(path));
    expect(comingSoon, `${path} shows the coming-soon page`).toBe(false);
  });
});
