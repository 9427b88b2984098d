/**
 * Profile and identity verification in the browser at 390×844, in Thai and English: a player taps My →
 * Edit profile and changes the nickname, then My → Identity verification, fills in the name and number and picks
 * both photos; the operator opens the console from My, views the photos in the KYC tab and approves; the player
 * sees "verified". Set KYC_SHOTS=<folder> to also write screenshots of these screens there.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { norm, OPERATOR_SITE, operatorLogin, readRepoJson, registerInBrowser, screenshotsTo } from './site-api.ts';

const t = useSite(OPERATOR_SITE);

type Lang = 'en' | 'th';
type KycTexts = {
  editProfile: string;
  status: Record<'none' | 'pending' | 'verified' | 'rejected', string>;
  admin: { tab: string };
};
const catalogue = (lang: Lang) =>
  readRepoJson(`apps/web/src/locales/${lang}.json`) as {
    kyc: KycTexts;
    page: Record<string, string>;
    my: { operator: string };
  };

const photo = (color: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'GPS 13.7563N 100.5018E' } })
    .toBuffer();

const register = registerInBrowser;
const shot = screenshotsTo(process.env.KYC_SHOTS);

describe('profile and identity verification', () => {
  it.each(['th', 'en'] as const)(
    '%s: the player edits the profile and submits KYC; the operator approves; the player sees verified',
    async (lang) => {
      const texts = catalogue(lang);
      const player = await phone(t.browser, t.site.url, lang);
      const page = await player.newPage();
      const opsContext = await phone(t.browser, t.site.url, lang);
      const ops = await opsContext.newPage();
      try {
        const account = await register(page);

        // My → Edit profile: a new nickname shows in the profile block.
        await page.getByTestId('tab-my').click();
        await page.waitForURL((u) => u.pathname === '/my');
        await page.getByTestId('my-profile').click();
        await page.getByTestId('profile-editor').waitFor();
        await page.getByTestId('profile-nickname').fill(`Nick ${lang}`);
        await page.getByTestId('profile-save').click();
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="my-nickname"]')?.textContent === want,
          `Nick ${lang}`,
        );
        await shot(page, `${lang}-profile`);
        await page.getByTestId('profile-done').click();

        // My → Identity verification: the form, both photos, submit → under review.
        await page.getByTestId('my-identity').click();
        await page.waitForURL((u) => u.pathname === '/identityCard');
        await page.locator('[data-testid="kyc-status"][data-status="none"]').waitFor();
        await page.getByTestId('kyc-real-name').fill('Somchai Jaidee');
        // One document verifies one account: each language's player has his own.
        await page.getByTestId('kyc-document-number').fill(lang === 'th' ? '1-1037-00123-45-6' : 'P-0042-7781');
        await page
          .getByTestId('kyc-front')
          .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a6') });
        await page
          .getByTestId('kyc-back')
          .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#36a') });
        await shot(page, `${lang}-kyc-form`);
        await page.getByTestId('kyc-submit').click();
        await page.locator('[data-testid="kyc-status"][data-status="pending"]').waitFor();
        expect(norm(await page.getByTestId('kyc-badge').innerText())).toContain(texts.kyc.status.pending);
        await shot(page, `${lang}-kyc-pending`);

        // The operator: log in, My → console → KYC tab, the photos load, approve.
        await operatorLogin(ops);
        await ops.getByTestId('tab-my').click();
        await ops.getByRole('link', { name: texts.my.operator }).click();
        await ops.getByTestId('admin-tab-kyc').click();
        const item = ops.locator(`[data-testid="admin-kyc-item"][data-account="${account}"]`);
        await item.waitFor();
        await item.getByTestId('admin-kyc-front').waitFor();
        await item.getByTestId('admin-kyc-back').waitFor();
        const loaded = await item
          .getByTestId('admin-kyc-front')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth);
        expect(loaded).toBe(800);
        await shot(ops, `${lang}-admin-kyc`);
        await item.getByTestId('admin-kyc-approve').click();
        await ops.getByTestId('admin-confirm').click();
        await item.waitFor({ state: 'detached' });

        // The player sees verified (and My says so too).
        await page.reload();
        await page.locator('[data-testid="kyc-status"][data-status="verified"]').waitFor();
        expect(norm(await page.getByTestId('kyc-badge').innerText())).toContain(texts.kyc.status.verified);
        await shot(page, `${lang}-kyc-verified`);
        await page.goBack();
        await page.waitForURL((u) => u.pathname === '/my');
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="my-identity"]')?.textContent?.includes(want) ?? false,
          texts.kyc.status.verified,
        );
        await shot(page, `${lang}-my`);
      } finally {
        await player.close();
        await opsContext.close();
      }
    },
  );
});
