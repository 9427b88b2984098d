/**
 * Promotions and the Home's content in the browser, in Thai and English: an operator at a desk
 * (1280×800) edits a banner in the console's Home content (new caption, an uploaded picture, a link to /activity)
 * and publishes a promotion; a player on a phone (390×844) sees the banner on Home, taps through to /activity, reads
 * the promotion and follows its link. Set CONTENT_SHOTS=<folder> to also write screenshots of these screens there.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desk, phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { norm, OPERATOR_SITE, operatorLogin, readRepoJson, screenshotsTo } from './site-api.ts';

const t = useSite(OPERATOR_SITE);

type Lang = 'en' | 'th';
const LANGS = ['th', 'en', 'zh-cn', 'zh-hk', 'vi', 'pt'] as const;
const catalogue = (lang: Lang) =>
  readRepoJson(`apps/web/src/locales/${lang}.json`) as {
    content: { saved: string; homeTab: string; promotionsTab: string };
    activity: { homeLink: string };
  };
const shot = screenshotsTo(process.env.CONTENT_SHOTS);

const picture = (color: string) =>
  sharp({ create: { width: 1500, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A datetime-local value `offsetMs` from now, in the page's time zone. */
const localInput = (page: Page, offsetMs: number) =>
  page.evaluate((off) => {
    const ms = Date.now() + off;
    return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, offsetMs);

async function saved(page: Page, text: string) {
  await page.waitForFunction((want) => document.body.innerText.includes(want), text);
}

describe('promotions and Home content', () => {
  it.each(['th', 'en'] as const)(
    '%s: an operator edits a banner and publishes a promotion; the player sees both',
    async (lang) => {
      const texts = catalogue(lang);
      const tag = randomBytes(3).toString('hex');
      const caption = `Banner ${lang} ${tag}`;
      const promoTitle = `Promo ${lang} ${tag}`;
      const opsContext = await desk(t.browser, t.site.url, lang);
      const ops = await opsContext.newPage();
      const player = await phone(t.browser, t.site.url, lang);
      const page = await player.newPage();
      try {
        // The operator: My → console → Home content (side navigation at a desk).
        await operatorLogin(ops);
        await ops.getByTestId('tab-my').click();
        await ops.waitForURL((u) => u.pathname === '/my');
        await ops.goto('/rechargeAdmin');
        await ops.getByTestId('console-desk').waitFor();
        await ops.getByTestId('admin-tab-home').click();
        await ops.getByTestId('home-preview').waitFor();

        // The first banner: a new caption in this language, a new picture, a link to the promotions.
        await ops.getByTestId('banner-row').first().click();
        await ops.getByTestId('banner-editor').waitFor();
        await ops.getByTestId(`banner-title-${lang}`).fill(caption);
        const before = await ops.getByTestId('banner-image-preview').getAttribute('src');
        await ops
          .getByTestId('banner-image')
          .setInputFiles({ name: 'summer.png', mimeType: 'image/png', buffer: await picture('#b23') });
        // The new upload's address replaces the old one in the form.
        await ops.waitForFunction((old) => {
          const src = document.querySelector('[data-testid="banner-image-preview"]')?.getAttribute('src');
          return src !== old && (src?.startsWith('/api/') ?? false);
        }, before);
        const uploaded = await ops.getByTestId('banner-image-preview').getAttribute('src');
        expect(uploaded).toMatch(/^\/api\/index\/image\?f=[a-f0-9]{32}\.webp$/);
        await ops.getByTestId('banner-url').fill('/activity');
        await ops.getByTestId('banner-sort').fill('-1');
        await ops.getByTestId('banner-save').click();
        await saved(ops, texts.content.saved);
        // The preview "as the player sees it" shows the new caption in the operator's language.
        await ops.waitForFunction(
          (want) => document.querySelector('[data-testid="home-preview"]')?.textContent?.includes(want) ?? false,
          caption,
        );
        await ops.evaluate(() => window.scrollTo(0, 0));
        await shot(ops, `${lang}-console-home-1280`);

        // A link off the site is refused with the contract's message under the field.
        await ops.getByTestId('banner-url').fill('https://evil.example/');
        await ops.getByTestId('banner-save').click();
        await ops.getByTestId('field-error-url').waitFor();

        // The player's Home: the banner, first, with its caption and picture; its link opens /activity in the app.
        await page.goto('/');
        const first = page.getByTestId('carousel-slide').first();
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="carousel-slide"]')?.textContent?.includes(want) ?? false,
          caption,
        );
        expect(await first.locator('img').getAttribute('src')).toBe(uploaded);
        expect(await first.getByTestId('carousel-link').getAttribute('href')).toBe('/activity');
        await shot(page, `${lang}-home-banner`);

        // The operator publishes a promotion, live from an hour ago for a week, linking to a game.
        await ops.getByTestId('admin-tab-promotions').click();
        await ops.getByTestId('promotion-new').click();
        await ops.getByTestId('promotion-editor').waitFor();
        await ops
          .getByTestId('promotion-image')
          .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: await picture('#36b') });
        await ops.getByTestId('promotion-image-preview').waitFor();
        for (const l of LANGS) {
          await ops.getByTestId(`promotion-title-${l}`).fill(l === lang ? promoTitle : `Promo ${l} ${tag}`);
          await ops.getByTestId(`promotion-body-${l}`).fill(`Play K3 this week (${l}).`);
        }
        await ops.getByTestId('promotion-link').fill('/kuaisan?type=df_k3');
        await ops.getByTestId('promotion-starts').fill(await localInput(ops, -3_600_000));
        await ops.getByTestId('promotion-ends').fill(await localInput(ops, 7 * 86_400_000));
        await ops.getByTestId('promotion-save').click();
        await saved(ops, texts.content.saved);
        await ops.locator('[data-testid="promotion-row"]', { hasText: promoTitle }).waitFor();
        await ops.evaluate(() => window.scrollTo(0, 0));
        await shot(ops, `${lang}-console-promotion-editor-1280`);
        await ops.getByTestId('promotion-close').click();
        await shot(ops, `${lang}-console-promotions-1280`);

        // The player taps from Home to the promotions, opens the new one, reads it and follows its link.
        await page.getByTestId('home-promos').click();
        await page.waitForURL((u) => u.pathname === '/activity');
        const card = page.locator('a.promo', { hasText: promoTitle });
        await card.waitFor();
        await page.getByTestId('no-more-data').waitFor();
        await shot(page, `${lang}-activity-list`);
        await card.click();
        await page.waitForURL((u) => u.pathname === '/activity' && u.searchParams.has('id'));
        await page.getByTestId('promo-detail').waitFor();
        expect(norm(await page.getByTestId('promo-body').innerText())).toBe(`Play K3 this week (${lang}).`);
        await shot(page, `${lang}-activity-detail`);
        await page.getByTestId('promo-go').click();
        await page.waitForURL((u) => u.pathname === '/kuaisan' && u.searchParams.get('type') === 'df_k3');

        // The console at a phone's width still works (tabs instead of the side navigation).
        await ops.setViewportSize({ width: 390, height: 844 });
        await ops.getByTestId('admin-tab-home').click();
        await ops.getByTestId('home-preview').waitFor();
        await shot(ops, `${lang}-console-home-390`);
      } finally {
        await opsContext.close();
        await player.close();
      }
    },
  );
});
