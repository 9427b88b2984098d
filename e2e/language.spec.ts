import { describe, expect, it } from 'vitest';
import { phone, storage } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite();

describe('languages', () => {
  it('switches to English on /lang, stores it under "lang", and keeps it across a reload', async () => {
    const context = await phone(t.browser, t.site.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('game-tile-xam_6').waitFor();
    expect(await page.getByTestId('game-tile-xam_6').innerText()).not.toContain('Mark Six');
    await page.goto('/lang');
    await page.getByTestId('lang-option-en').click();
    expect((await storage(page)).local.lang).toBe('en');
    await page.goto('/');
    await page.reload();
    await expect.poll(() => page.getByTestId('game-tile-xam_6').innerText()).toContain('Mark Six');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it.each([
    ['zh-cn', /[\u4e00-\u9fff]/],
    ['zh-hk', /[\u4e00-\u9fff]/],
    ['vi', /[ạảãàáâậầấẩẫăắằặẳẵđêềếểễệôồốổỗộơờớởỡợưừứửữự]/i],
    ['pt', /Entrar|Jogos|Início/i],
  ])('renders Home in %s', async (lang, pattern) => {
    const context = await phone(t.browser, t.site.url, lang);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('tabbar').waitFor();
    await expect.poll(async () => pattern.test(await page.getByTestId('tabbar').innerText())).toBe(true);
    await context.close();
  });
});
