/**
 * `npm run screenshots`: the main screens at 390×844 in Thai and English (and the other languages' Home), written to
 * e2e/screenshots/ for a person to look at. Not a test: it asserts nothing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, phone, quiet, SCREENSHOTS, startSite } from './harness.ts';

const site = await startSite();
const browser = await launchBrowser();
mkdirSync(SCREENSHOTS, { recursive: true });
try {
  for (const lang of ['th', 'en', 'zh-cn', 'zh-hk', 'vi', 'pt']) {
    const context = await phone(browser, site.url, lang);
    const page = await context.newPage();
    const shot = async (name: string) => {
      await quiet(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SCREENSHOTS, `${lang}-${name}.png`) });
    };
    await page.goto('/');
    await page.getByTestId('game-tile-df_pk10').waitFor();
    await shot('home');
    if (lang === 'th' || lang === 'en') {
      await page.screenshot({ path: join(SCREENSHOTS, `${lang}-home-full.png`), fullPage: true });
      for (const path of ['/login', '/register', '/lang', '/allGame', '/pkShi?type=df_pk10&category_id=1']) {
        await page.goto(path);
        await shot(path.slice(1).split('?')[0] ?? 'page');
      }
      await page.goto('/login');
      await page.getByTestId('login-guest').click();
      await page.waitForURL((u) => u.pathname === '/');
      await shot('home-guest');
      await page.goto('/my');
      await shot('my');
    }
    await context.close();
  }
  console.log(`screenshots written to ${SCREENSHOTS}`);
} finally {
  await browser.close();
  await site.stop();
}
