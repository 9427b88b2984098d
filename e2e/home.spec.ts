import { describe, expect, it } from 'vitest';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite();

const LABELS_EN: Record<string, string> = {
  df_pk10: 'PK10 ten minutes',
  df_pk10_3: 'PK10 three minutes',
  df_pk10_5: 'PK10 five minutes',
  df_k3: 'K3',
  xam_6: 'Mark Six',
  xy_28: 'Lucky 28',
  df_ssc: 'Instant lottery',
};

describe('home screen', () => {
  it('shows a Login button, the notice, an honest winning list and the seven game tiles with their labels', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('home-login').waitFor();
    expect(await page.getByTestId('home-logout').count()).toBe(0);
    expect((await page.getByTestId('notice').innerText()).trim().length).toBeGreaterThan(0);
    await page.getByTestId('winning-list').waitFor();
    for (const [code, label] of Object.entries(LABELS_EN)) {
      const tile = page.getByTestId(`game-tile-${code}`);
      await tile.waitFor();
      expect(await tile.innerText()).toContain(label);
      // Artwork has a size, so the grid does not jump while it loads.
      const img = tile.locator('img');
      expect(await img.getAttribute('width')).toBeTruthy();
    }
    await context.close();
  });

  it('labels the tiles in Thai by default', async () => {
    const context = await phone(t.browser, t.site.url);
    const page = await context.newPage();
    await page.goto('/');
    const tile = page.getByTestId('game-tile-df_k3');
    await tile.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await page.getByTestId('home-login').innerText()).toMatch(/[\u0E00-\u0E7F]/);
    await context.close();
  });

  it('navigates from a tile by game code with type and category_id', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    const games = (await (await fetch(`${t.site.url}/api/game/games`)).json()) as {
      data: { id: number; code: string }[];
    };
    const routes: Record<string, string> = {
      df_pk10: '/pkShi',
      df_pk10_3: '/pkShi',
      df_pk10_5: '/pkShi',
      df_k3: '/kuaisan',
      xam_6: '/aoLiu',
      xy_28: '/xingyun',
      df_ssc: '/shiShiCai',
    };
    for (const game of games.data) {
      await page.goto('/');
      await page.getByTestId(`game-tile-${game.code}`).click();
      await page.waitForURL((u) => u.pathname.toLowerCase() === routes[game.code]?.toLowerCase());
      const url = new URL(page.url());
      expect(url.searchParams.get('type')).toBe(game.code);
      expect(url.searchParams.get('category_id')).toBe(String(game.id));
    }
    await context.close();
  });

  it('autoplays the carousel every 3000 ms and shows indicators when there is more than one banner', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    // Playwright's clock (flowing as the real one until paused below), and no smooth scrolling: a slide's change is
    // done once its timer has run.
    await context.clock.install();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByTestId('carousel').waitFor();
    const slides = await page.getByTestId('carousel-slide').count();
    expect(slides).toBeGreaterThan(1);
    expect(await page.getByTestId('carousel-indicator').count()).toBe(slides);
    const active = () =>
      page
        .getByTestId('carousel-indicator')
        .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
    // The page's clock stops; then each 3000 ms it is moved on, the carousel moves on exactly one slide (a timer of
    // another period would move it by none or two in one of the three).
    // The pause must lie ahead of the page's clock, which runs on meanwhile: on a busy machine more than the margin
    // may pass between reading it and pausing, so a pause refused as in the past is asked again further ahead.
    for (let margin = 50; ; margin *= 4) {
      try {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin);
        break;
      } catch (err) {
        if (margin > 5_000 || !String(err).includes('to the past')) throw err;
      }
    }
    // The slide shown, from where the track stands (a move made just before the pause may not be told yet).
    const shown = () =>
      page
        .getByTestId('carousel-slide')
        .first()
        .evaluate((slide) => {
          const track = slide.parentElement!;
          return Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
        });
    let expected = await shown();
    await expect.poll(active).toBe(expected);
    for (let step = 0; step < 3; step++) {
      await page.clock.runFor(3000);
      expected = (expected + 1) % slides;
      await expect.poll(active).toBe(expected);
    }
    await context.close();
  });

  it('hides the indicators with a single banner and opens a banner url in a new tab with noopener', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __opened: unknown[] }).__opened = [];
      window.open = (...args: unknown[]) => {
        (window as unknown as { __opened: unknown[] }).__opened.push(args);
        return null;
      };
    });
    await page.route('**/api/index/index', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { carousel: unknown[] } };
      body.data.carousel = [{ image: '/art/banners/1.svg', url: 'https://promo.fairdraw.test/fair', title: 'Fair' }];
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/');
    await page.getByTestId('carousel-slide').first().waitFor();
    expect(await page.getByTestId('carousel-indicators').count()).toBe(0);
    await page.getByTestId('carousel-slide').first().click();
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.[0]).toBe('https://promo.fairdraw.test/fair');
    expect(opened[0]?.[1]).toBe('_blank');
    expect(opened[0]?.[2]).toContain('noopener');
    await context.close();
  });
});
