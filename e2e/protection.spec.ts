/**
 * Time-out and self-exclusion in the browser at 390×844 (docs/trust.md 30): a player takes a 24-hour time-out on the My
 * page (choice, the warning that it cannot be undone early, login password, confirmation), the page then says
 * 'Time-out until …', and /recharge says up front that deposits wait for the break's end; in English and Thai.
 * Set PROTECTION_SHOTS=1 to also write screenshots to e2e/screenshots/protection/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone, quiet, SCREENSHOTS } from './harness.ts';
import { useSite } from './fixtures.ts';
import { norm } from './site-api.ts';

const t = useSite({ AUTH_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' });
const SHOTS = join(SCREENSHOTS, 'protection');
const PASSWORD = 'abc12345';

type Lang = 'en' | 'th';
const read = (path: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', path), 'utf8')) as unknown;
const errorsOf = (lang: Lang) => read(`packages/contract/locales/${lang}/errors.json`) as Record<string, string>;
const textsOf = (lang: Lang) =>
  (read(`apps/web/src/locales/${lang}.json`) as { protection: Record<string, string> }).protection;
/** The part of a message before its {{until}}. */
const before = (text: string) => text.slice(0, text.indexOf('{{until}}'));

/** A phone-screen picture; with `testId`, that element scrolled into the middle of the screen first. */
async function shot(page: Page, name: string, testId?: string) {
  if (!process.env.PROTECTION_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await quiet(page);
  if (testId) await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByTestId('register-account').fill(`x${randomBytes(5).toString('hex')}`);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-adult').check();
  await page.getByTestId('register-submit').click();
  // The deposit-limit offer that follows registering, skipped.
  await page.getByTestId('deposit-limit-skip').click();
  await page.waitForURL((u) => u.pathname === '/');
}

async function timeoutThenDeposit(lang: Lang) {
  const texts = textsOf(lang);
  const errors = errorsOf(lang);
  const context = await phone(t.browser, t.site.url, lang);
  const page = await context.newPage();
  try {
    await register(page);
    await page.goto('/my');
    await page.getByTestId('protection-open').waitFor();
    await shot(page, `${lang}-my`, 'protection');

    await page.getByTestId('protection-open').click();
    const sheet = page.getByTestId('protection-sheet');
    await sheet.getByTestId('protection-kind-timeout_24h').waitFor();
    expect(norm(await sheet.innerText())).toContain(norm(texts.warning ?? ''));

    // The sheet asks, in order, for a length, the password and the confirmation; nothing is sent before.
    await sheet.getByTestId('protection-submit').click();
    expect(norm(await sheet.getByTestId('form-error').innerText())).toBe(texts.chooseFirst);
    await sheet.getByTestId('protection-kind-timeout_24h').click();
    expect(await sheet.getByTestId('protection-kind-timeout_24h').getAttribute('aria-pressed')).toBe('true');
    expect(norm(await sheet.getByTestId('protection-ends').innerText())).toContain(before(texts.endsAt ?? '').trim());
    await sheet.getByTestId('protection-password').fill(PASSWORD);
    await sheet.getByTestId('protection-submit').click();
    expect(norm(await sheet.getByTestId('form-error').innerText())).toBe(errors.EXCLUSION_CONFIRM_REQUIRED);
    await sheet.getByTestId('protection-confirm').check();

    // A wrong password is refused by the server and shown under the field.
    await sheet.getByTestId('protection-password').fill('wrong-pass-1');
    await sheet.getByTestId('protection-submit').click();
    await expect
      .poll(async () => norm(await sheet.getByTestId('field-error-password').innerText()))
      .toBe(errors.PASSWORD_INCORRECT);
    await sheet.getByTestId('protection-password').fill(PASSWORD);
    await shot(page, `${lang}-sheet`);
    await sheet.getByTestId('protection-submit').click();

    const status = page.getByTestId('protection-status');
    await status.waitFor();
    expect(norm(await status.innerText())).toContain(before(texts.timeoutUntil ?? '').trim());
    // The end of the break as /my tells it (the server's messages must tell it alike).
    const [pre = '', post = ''] = norm(texts.timeoutUntil ?? '').split('{{until}}');
    const shown = norm(await status.innerText());
    const endText = shown
      .slice(shown.indexOf(pre.trim()) + pre.trim().length, shown.length - post.trim().length)
      .trim();
    expect(endText).toMatch(lang === 'th' ? /25\d\d/ : /20\d\d/);
    expect(await sheet.isVisible()).toBe(false);
    // Only longer breaks remain: the button now lengthens.
    expect(norm(await page.getByTestId('protection-open').innerText())).toBe(texts.lengthen);
    await shot(page, `${lang}-my-timeout`);
    // Lengthening offers only breaks that end later; cancelling changes nothing.
    await page.getByTestId('protection-open').click();
    const longer = page.getByTestId('protection-sheet');
    await longer.getByTestId('protection-kind-timeout_7d').waitFor();
    expect(await longer.getByTestId('protection-kind-timeout_7d').isEnabled()).toBe(true);
    expect(norm(await longer.innerText())).toContain(norm(texts.longerOnly ?? ''));
    await shot(page, `${lang}-sheet-longer`);
    await longer.getByTestId('protection-cancel').click();
    await expect.poll(() => longer.isVisible()).toBe(false);

    // The cashier says so up front, with the end of the break, instead of a form that can only be refused (the
    // server's refusal itself: protection.int.test.ts).
    await page.goto('/recharge');
    const notice = page.getByTestId('break-notice');
    await notice.waitFor();
    expect(norm(await notice.innerText())).toContain(endText);
    expect(norm(await notice.innerText())).toContain(norm(texts.activeNote ?? ''));
    expect(await page.getByTestId('deposit-submit').count()).toBe(0);
    await shot(page, `${lang}-deposit-on-break`);

    // A game page too: its draws stay in view, and where the plays and the slip would be, the break says so.
    await page.goto('/');
    await page.getByTestId('game-tile-df_k3').click();
    const onGame = page.getByTestId('break-notice');
    await onGame.waitFor();
    // Read at once: the notice's texts come before the game page's first paint (GAME_BLOCKS), never after it.
    expect(norm(await onGame.innerText())).toContain(endText);
    expect(await page.getByTestId('game-rules-link').count()).toBe(1);
    expect(await page.getByTestId('bet-bar').count()).toBe(0);
    await shot(page, `${lang}-game-on-break`);
  } finally {
    await context.close();
  }
}

describe('time-out and self-exclusion', () => {
  it('English: a 24-hour time-out from the My page, then the cashier says deposits wait for its end', async () => {
    await timeoutThenDeposit('en');
  });

  it('Thai: a 24-hour time-out from the My page, then the cashier says deposits wait for its end', async () => {
    await timeoutThenDeposit('th');
  });

  it('a guest sees no time-out section (demo play stays open)', async () => {
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('login-guest').click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/my');
      await page.getByTestId('my-logout').waitFor();
      await quiet(page);
      expect(await page.getByTestId('protection').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
