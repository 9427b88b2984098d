/**
 * Support conversations in the browser at 390×844, in Thai and English: a player taps the Support tab,
 * opens a conversation; an operator, in a second page, answers it from the console's Support tab; the player's
 * page shows the reply without a reload and without polling: the member stream (GET /api/user/events, read with the
 * token in a header) announces it and the page reads the conversation once. The operator closes it; the player's page shows
 * it closed and offers a new one. An image the player attaches, and one the operator attaches, show on both pages. Set SUPPORT_SHOTS=<folder> to
 * also write screenshots there.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phone, settled } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  markDocument,
  norm,
  OPERATOR_SITE,
  operatorLogin,
  readRepoJson,
  registerInBrowser,
  screenshotsTo,
} from './site-api.ts';

const t = useSite(OPERATOR_SITE);

type Lang = 'en' | 'th';
type SupportTexts = { adminTab: string; fromSupport: string; status: { open: string; closed: string } };
const textsOf = (lang: Lang) =>
  (readRepoJson(`apps/web/src/locales/${lang}.json`) as { support: SupportTexts }).support;
/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);

const register = registerInBrowser;
const shot = screenshotsTo(process.env.SUPPORT_SHOTS);

describe('support conversations', () => {
  it.each(['th', 'en'] as const)(
    '%s: the player opens a conversation from the tab bar; the operator’s reply appears without reload',
    async (lang) => {
      const texts = textsOf(lang);
      const playerContext = await phone(t.browser, t.site.url, lang);
      const operatorContext = await phone(t.browser, t.site.url, lang);
      // Both pages run on playwright's clock (flowing as the real one until moved): the player's is moved on to show
      // that no timer reads the conversation again, the operator's to the console's next read of its queue.
      await playerContext.clock.install();
      await operatorContext.clock.install();
      const player = await playerContext.newPage();
      const operator = await operatorContext.newPage();
      // Every read of a conversation and every member stream the player's page asks for.
      const details: number[] = [];
      const streams: { url: string; token: string | undefined }[] = [];
      player.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/service/detail' && !url.searchParams.has('image')) details.push(Date.now());
        if (url.pathname === '/api/user/events') streams.push({ url: r.url(), token: r.headers().token });
      });
      try {
        await register(player);
        await player.getByTestId('tab-support').click();
        await player.waitForURL((u) => u.pathname === '/service');
        await player.getByTestId('empty-state').waitFor();
        await shot(player, `${lang}-support-empty`);
        await player.getByTestId('support-new').first().click();
        const subject = `Deposit ${lang} ${randomBytes(2).toString('hex')}`;
        await player.getByTestId('support-subject').fill(subject);
        await player.getByTestId('support-body').fill('I paid 500 THB an hour ago. Where is it?');
        await shot(player, `${lang}-support-new`);
        await player.getByTestId('support-open-submit').click();
        await player.getByTestId('support-conversation').waitFor();
        await player.getByTestId('support-msg-player').waitFor();
        expect(await player.getByTestId('support-msg-operator').count()).toBe(0);
        // The stream is open, with the token in its header and nothing in its URL.
        await expect.poll(() => streams.length).toBeGreaterThan(0);
        expect(streams.every((x) => new URL(x.url).search === '' && (x.token ?? '').length > 0)).toBe(true);
        const sameDocument = await markDocument(player);

        // The operator logs in on a second page and answers from the console's Support tab.
        await operatorLogin(operator);
        await operator.goto('/rechargeAdmin');
        await operator.getByTestId('admin-tab-support').click();
        const item = operator.locator('article', { hasText: subject });
        await item.waitFor();
        const id = (await item.getAttribute('data-testid'))?.replace('admin-support-', '') ?? '';
        const answer = `We found it (${lang}), it is credited now.`;
        await operator.getByTestId(`admin-support-reply-${id}`).fill(answer);
        // No poll: while nothing changed, nothing is read again. The page's clock moves on 4 s (longer than the 3 s
        // the page once polled at), running every timer due meanwhile; no read follows.
        await settled(player);
        const readsBefore = details.length;
        await player.clock.runFor(4_000);
        await settled(player);
        expect(details.length).toBe(readsBefore);
        const sentAt = Date.now();
        await operator.getByTestId(`admin-support-send-${id}`).click();
        await operator.locator('article', { hasText: answer }).waitFor();
        await shot(operator, `${lang}-support-admin`);

        // The player's page shows it without a reload.
        const reply = player.getByTestId('support-msg-operator');
        await reply.waitFor({ timeout: 10_000 });
        expect(norm(await reply.innerText())).toContain(answer);
        expect(norm(await reply.innerText())).toContain(texts.fromSupport);
        expect(await sameDocument()).toBe(true);
        // The reply was read because the stream announced it: once or twice (its own message, then the close).
        expect(details.filter((at) => at >= sentAt).length).toBeGreaterThan(0);
        expect(details.filter((at) => at >= sentAt).length).toBeLessThanOrEqual(2);
        await player.getByTestId('support-reply').fill('Thank you!');
        await player.getByTestId('support-reply-submit').click();
        await expect.poll(() => player.getByTestId('support-msg-player').count()).toBe(2);

        // An image: attached by the player, shown to the player and, privately, in the operator's console.
        await player
          .getByTestId('support-image')
          .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
        await player.getByTestId('support-reply-submit').click();
        await player.getByTestId('support-msg-image').waitFor({ timeout: 10_000 });
        expect(
          await player.getByTestId('support-msg-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
        ).toBe(2);
        await shot(player, `${lang}-support-conversation`);
        // The console reads its queue again every 10 s: its clock moves on to that read rather than waiting for it.
        await operator.clock.runFor(10_000);
        await operator.getByTestId('admin-support-image').waitFor({ timeout: 20_000 });

        // The operator answers with an image too; it reaches the player's page through the stream, privately.
        await operator
          .getByTestId(`admin-support-image-input-${id}`)
          .setInputFiles({ name: 'where.png', mimeType: 'image/png', buffer: PNG });
        await operator.getByTestId(`admin-support-send-${id}`).click();
        await expect.poll(() => operator.getByTestId('admin-support-image').count(), { timeout: 20_000 }).toBe(2);
        await shot(operator, `${lang}-support-admin-image`);
        const fromSupport = player.getByTestId('support-msg-operator').getByTestId('support-msg-image');
        await fromSupport.waitFor({ timeout: 10_000 });
        expect(await fromSupport.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

        // The operator closes it; the player's page shows it closed and offers a new one.
        await operator.getByTestId(`admin-support-close-${id}`).click();
        await player.getByTestId('support-closed').waitFor({ timeout: 10_000 });
        expect(norm(await player.getByTestId('support-status').innerText())).toBe(texts.status.closed);
        expect(await player.getByTestId('support-reply').count()).toBe(0);
        await shot(player, `${lang}-support-closed`);

        // The list shows it closed, and ends in 'No more data'.
        await player.getByTestId('tab-support').click();
        await player.getByTestId(`support-row-${id}`).waitFor();
        expect(norm(await player.getByTestId(`support-row-${id}`).innerText())).toContain(texts.status.closed);
        await player.getByTestId('no-more-data').waitFor();
        await shot(player, `${lang}-support-list`);
      } finally {
        await playerContext.close();
        await operatorContext.close();
      }
    },
    120_000,
  );
});
