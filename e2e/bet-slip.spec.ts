/**
 * The bet slip at 390×844, in Thai and in English. The site's periods last an hour and its wall clock is moved
 * (server-clock.ts) to a minute and a half after the hour, so PK10's period stays open for the whole test: nothing
 * waits for a period. A guest ("Try demo") on PK10 picks car 3 and car 5 for position 1 and sees the most one draw can
 * return — one line's win, computed here from the odds the API publishes, not both lines' —, is told when the total
 * is over the balance, sets a stake per line, is told that a line with amount 0 cannot be submitted (the error
 * catalogue's ZERO_AMOUNT_BET), lets the machine pick a third play, places the slip through the confirm dialog and
 * finds it under "my bets this issue".
 *
 * With SLIP_SHOTS=<folder> it writes <lang>-slip.png, <lang>-confirm.png and <lang>-panel.png there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameCategory, PlayGroup } from '@fairdraw/contract';
import { markSixColour } from '@fairdraw/domain';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import { readRepoJson, screenshotsTo, siteApi } from './site-api.ts';
import { SERVER_CLOCK } from './site-clock.ts';

const HOUR_MS = 3_600_000;
const clockFile = join(mkdtempSync(join(tmpdir(), 'fd-clock-')), 'offset');
// The server's clock: 90 s after the next full hour (an hour in Bangkok too), so an hour-long period has just opened.
writeFileSync(clockFile, String(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 90_000 - Date.now()));

const t = useSite({
  NODE_OPTIONS: `--import ${SERVER_CLOCK}`,
  FD_TEST_CLOCK_FILE: clockFile,
  GAME_CYCLE_OVERRIDE_SECONDS: '3600',
  RATE_LIMIT_MAX: '100000',
});
const shot = screenshotsTo(process.env.SLIP_SHOTS);
const WAIT = { timeout: 15_000 };
const GAME = 'df_pk10_3';

type Catalogue = Record<string, Record<string, string>>;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
/** A counting text ('key_one', 'key_other', …) in the form the language's plural rules pick for `count`. */
const plural = (texts: Record<string, string> | undefined, key: string, count: number, lang: string) =>
  fill(texts?.[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? '', { count });
/** Minor units shown in a text ("฿98.00", "THB 98.00" → 9800). */
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function gameOf(code = GAME): Promise<{ id: number; odds: Map<string, { id: number; odds_bps: number }> }> {
  const cats = await siteApi<GameCategory[]>(t.site, '/api/game/category');
  const id = cats.flatMap((c) => c.games).find((g) => g.code === code)?.id ?? 0;
  const groups = await siteApi<PlayGroup[]>(t.site, `/api/game/play_items?group_id=${id}`);
  return { id, odds: new Map(groups.flatMap((g) => g.items).map((i) => [i.code, i])) };
}

const lineStake = (page: Page, index: number) => page.getByTestId('slip-line-stake').nth(index);

describe('bet slip', () => {
  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: the most one draw can return, stakes per line, amount 0 refused, machine pick, my bets`, async () => {
      const web = readRepoJson(`apps/web/src/locales/${lang}.json`) as Catalogue;
      const errors = readRepoJson(`packages/contract/locales/${lang}/errors.json`) as Record<string, string>;
      const { id: gameId, odds } = await gameOf();
      const car3 = odds.get('pk10.pos1.num3');
      const car5 = odds.get('pk10.pos1.num5');
      expect(car3 && car5).toBeTruthy();
      const win = (stake: number, line: { odds_bps: number } | undefined) =>
        Math.floor((stake * (line?.odds_bps ?? 0)) / 10_000);

      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await page.goto(`/pkShi?type=${GAME}&category_id=${gameId}`);
        await page.getByTestId('bet-try-demo').click();
        await page.getByTestId('topbar-balance').waitFor(WAIT);
        await page.locator('[data-testid="game-phase"][data-phase="open"]').waitFor(WAIT);
        await page.getByTestId('my-bets-empty').waitFor(WAIT);

        await page.getByTestId('group-position-1').click();
        await page.getByTestId('play-pk10.pos1.num3').click();
        await page.getByTestId('play-pk10.pos1.num5').click();
        await page.getByTestId('bet-open').click();
        const slip = page.getByTestId('bet-slip');
        await slip.locator('[data-testid="slip-line"]').nth(1).waitFor(WAIT);

        // 10.00 on each: one of the two cars can be first, so the most back is one line's win.
        await expect
          .poll(async () => digits(await page.getByTestId('bet-return').textContent()), WAIT)
          .toBe(Math.max(win(1000, car3), win(1000, car5)));
        expect(digits(await page.getByTestId('bet-total').textContent())).toBe(2000);

        // Over the demo balance (10,000.00): said on the slip, and nothing can be placed.
        await page.getByTestId('bet-amount').fill('6000');
        await expect.poll(() => page.getByTestId('bet-over-balance').isVisible(), WAIT).toBe(true);
        expect(await page.getByTestId('bet-submit').isDisabled()).toBe(true);
        await page.getByTestId('bet-amount').fill('10');
        await page.getByTestId('bet-over-balance').waitFor({ state: 'detached' });

        // A stake per line.
        await lineStake(page, 0).fill('20');
        await lineStake(page, 1).fill('30');
        expect(digits(await page.getByTestId('bet-total').textContent())).toBe(5000);
        await expect
          .poll(async () => digits(await page.getByTestId('bet-return').textContent()), WAIT)
          .toBe(Math.max(win(2000, car3), win(3000, car5)));
        await shot(page, `${lang}-slip`);

        // A line with amount 0: the catalogue's message, and the button stays off.
        await lineStake(page, 1).fill('0');
        expect((await page.getByTestId('bet-zero').textContent())?.trim()).toBe(errors.ZERO_AMOUNT_BET);
        expect(await page.getByTestId('bet-submit').isDisabled()).toBe(true);
        await lineStake(page, 1).fill('30');
        await page.getByTestId('bet-zero').waitFor({ state: 'detached' });

        // Machine pick: a third play of the open tab joins the slip.
        await page.getByTestId('bet-slip').getByRole('button', { name: web.bet?.close }).click();
        await page.getByTestId('machine-pick').click();
        await expect
          .poll(() => page.getByTestId('bet-bar').innerText(), WAIT)
          .toContain(plural(web.bet, 'selected', 3, lang));
        await page.getByTestId('bet-open').click();
        await slip.locator('[data-testid="slip-line"]').nth(2).waitFor(WAIT);
        const picked = await slip.locator('[data-testid="slip-line"]').nth(2).getAttribute('data-code');
        expect(picked).toMatch(/^pk10\.pos1\.num(?!3$|5$)\d+$/);
        // The per-line stakes stay; the new line takes the stake for every line.
        expect(await lineStake(page, 0).inputValue()).toBe('20');
        expect(digits(await page.getByTestId('bet-total').textContent())).toBe(6000);

        await page.getByTestId('bet-submit').click();
        await page.getByTestId('bet-confirm').waitFor(WAIT);
        expect(await page.getByTestId('bet-confirm-body').textContent()).toContain(
          (await page.getByTestId('bet-return').textContent()) ?? '-',
        );
        await shot(page, `${lang}-confirm`);
        await page.getByTestId('bet-confirm').click();
        await page.getByTestId('bet-outcome').waitFor(WAIT);
        expect(await page.getByTestId('bet-outcome').getAttribute('data-ok')).toBe('true');
        const slipId = (await page.getByTestId('bet-slip-id').textContent())?.trim() ?? '';
        await page.getByTestId('bet-outcome-close').click();
        await page.locator('.sheet.is-open').waitFor({ state: 'detached' });

        // My bets this issue: the slip just placed, with its three lines.
        const mine = page.getByTestId('my-bets-now').getByTestId('bet-item');
        await expect.poll(() => mine.count(), WAIT).toBe(1);
        expect(await mine.first().innerText()).toContain(`#${slipId}`);
        expect(await mine.first().locator('.bet-line').count()).toBe(3);
        await page.getByTestId('my-bets').scrollIntoViewIfNeeded();
        await shot(page, `${lang}-panel`);
      } finally {
        await context.close();
      }
    });
  }

  it('th: Mark Six number plays and all-in picks show as balls in their colours', async () => {
    const { id: gameId } = await gameOf('xam_6');
    const context = await phone(t.browser, t.site.url, 'th');
    const page = await context.newPage();
    try {
      await page.goto(`/aoLiu?type=xam_6&category_id=${gameId}`);
      await page.getByTestId('bet-try-demo').click();
      await page.getByTestId('topbar-balance').waitFor(WAIT);
      await page.locator('[data-testid="game-phase"][data-phase="open"]').waitFor(WAIT);
      await page.getByTestId('group-special-number').click();
      const cell = page.getByTestId('play-ms.special.num.9');
      expect(await cell.getByTestId('mini-ball').textContent()).toBe('9');
      expect(await cell.getByTestId('mini-ball').getAttribute('class')).toContain(`ball--${markSixColour(9)}`);
      await cell.click();
      await page.getByTestId('group-all-in').click();
      await page.getByTestId('play-ms.all2').click();
      for (const n of [12, 48]) await page.getByTestId(`pick-${n}`).click();
      await page.getByTestId('pick-confirm').click();
      await page.getByTestId('bet-open').click();
      const balls = page.getByTestId('bet-slip').getByTestId('slip-numbers').getByTestId('mini-ball');
      await balls.nth(1).waitFor(WAIT);
      expect(await balls.allTextContents()).toEqual(['12', '48']);
      expect(await balls.nth(1).getAttribute('class')).toContain(`ball--${markSixColour(48)}`);
      await shot(page, 'th-marksix-slip');
    } finally {
      await context.close();
    }
  });

  it('en: a shared slip link is checked, shown and copied into the slip; an unreadable one is ignored with a message', async () => {
    const web = readRepoJson('apps/web/src/locales/en.json') as Catalogue;
    const { id: gameId } = await gameOf();
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    try {
      const base = `/pkShi?type=${GAME}&category_id=${gameId}`;
      await page.goto(base);
      await page.getByTestId('bet-try-demo').click();
      await page.getByTestId('topbar-balance').waitFor(WAIT);

      await page.goto(`${base}&slip=${encodeURIComponent('pk10.pos1.num3~0,<b>~1')}`);
      await expect.poll(() => page.getByTestId('toast').textContent(), WAIT).toBe(web.bet?.sharedInvalid);
      expect(await page.getByTestId('shared-slip').count()).toBe(0);
      await expect.poll(() => new URL(page.url()).searchParams.has('slip'), WAIT).toBe(false);

      await page.goto(`${base}&slip=${encodeURIComponent('pk10.pos2.num7~2500,k3.big~100,pk10.sum.11~1500')}`);
      await page.getByTestId('shared-slip').waitFor(WAIT);
      expect(await page.getByTestId('shared-slip-skipped').textContent()).toBe(
        plural(web.bet, 'sharedPartial', 1, 'en'),
      );
      await shot(page, 'en-shared');
      await page.getByTestId('shared-slip-copy').click();
      const lines = page.getByTestId('bet-slip').getByTestId('slip-line');
      await lines.nth(1).waitFor(WAIT);
      expect(await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([
        'pk10.pos2.num7',
        'pk10.sum.11',
      ]);
      expect(
        await page.getByTestId('slip-line-stake').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      ).toEqual(['25.00', '15.00']);
      expect(new URL(page.url()).searchParams.has('slip')).toBe(false);
    } finally {
      await context.close();
    }
  });
});
