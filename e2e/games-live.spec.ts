/**
 * The live game screens at 390×844 against the real site with five-minute periods, drawn when the test moves the
 * site's clock past a draw (site-clock.ts):
 * - the lobby follows ONE events stream for every game (no current_game polling while it is live), its countdowns
 *   tick, periods roll over from the stream alone; when the stream is refused it polls, and it goes back to the
 *   stream once the server answers again;
 * - Mark Six shows each drawn ball's zodiac animal (the domain's table for the period's draw date), translated, in
 *   the last result and in the history, legible in every language (one row, no cut-off names);
 * - a `settled` event (simulated: the stream is answered by the test) refreshes the balance on the game page, and
 *   the bet list and the balance on /orders (which follows the same all-games stream while it is open);
 * - screenshots of the lobby and Mark Six in Thai and English go to e2e/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { zodiacOf } from '@fairdraw/domain';
import { phone, SCREENSHOTS, settled } from './harness.ts';
import { useSite } from './fixtures.ts';
import { drawCurrentPeriod } from './site-api.ts';
import { siteClock } from './site-clock.ts';

const clock = siteClock();
const t = useSite({ ...clock.env, GAME_CYCLE_OVERRIDE_SECONDS: '300', RATE_LIMIT_MAX: '100000' });

type Game = { id: number; code: string };
async function games(): Promise<Game[]> {
  const res = await fetch(`${t.site.url}/api/game/category`);
  const body = (await res.json()) as { data: { games: Game[] }[] };
  return body.data.flatMap((c) => c.games);
}

const isEvents = (url: URL) => url.pathname === '/api/game/events';
const apiCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) calls.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  return calls;
};
const ISSUE = /^\d{8}-\d{4}$/;
const text = async (page: Page, testId: string, within?: string) =>
  (
    (await (within ? page.getByTestId(within).getByTestId(testId) : page.getByTestId(testId)).textContent()) ?? ''
  ).trim();
const shot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(SCREENSHOTS, name) });
};

type Catalogue = { draw: { zodiac: Record<string, string> } };
const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'apps/web/src/locales', `${lang}.json`), 'utf8'),
  ) as Catalogue;

describe('live game screens', () => {
  it('the lobby follows one stream for every game: countdowns tick and periods roll over without polling', async () => {
    const all = await games();
    for (const lang of ['en', 'th']) {
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      const calls = apiCalls(page);
      try {
        await page.goto('/lotteryLobby');
        await page.locator('[data-testid="lobby"][data-stream="live"]').waitFor({ timeout: 10_000 });
        for (const g of all) {
          await expect.poll(() => text(page, 'lobby-issue', `lobby-${g.code}`), { timeout: 25_000 }).toMatch(ISSUE);
        }
        const k3 = page.getByTestId('lobby-df_k3');
        const first = await text(page, 'lobby-issue', 'lobby-df_k3');
        const countdown = async () =>
          (await k3
            .getByTestId('game-countdown')
            .textContent({ timeout: 500 })
            .catch(() => null)) ?? '';
        await expect.poll(countdown, { timeout: 10_000 }).toMatch(/^\d\d:\d\d$/);
        const c1 = await countdown();
        await expect.poll(countdown, { timeout: 3000, interval: 200 }).not.toBe(c1);
        if (lang === 'en') {
          // The next period arrives on the stream, once the site's clock has moved past the current one's draw.
          await drawCurrentPeriod(t.site, clock, all.find((g) => g.code === 'df_k3')!.id);
          await expect.poll(() => text(page, 'lobby-issue', 'lobby-df_k3'), { timeout: 10_000 }).not.toBe(first);
        }
        await shot(page, `${lang}-lobby-live.png`);
        expect(calls.filter((c) => c.startsWith('GET /api/game/events'))).toEqual(['GET /api/game/events']);
        expect(calls.filter((c) => c.includes('current_game'))).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 90_000);

  it('the lobby polls while the stream is refused and goes back to the stream when it answers', async () => {
    const all = await games();
    const context = await phone(t.browser, t.site.url, 'en');
    // Playwright's clock, flowing as the real one until the test moves it on (below).
    await context.clock.install();
    const page = await context.newPage();
    const calls = apiCalls(page);
    try {
      await page.route(isEvents, (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
      await page.goto('/lotteryLobby');
      await page.locator('[data-testid="lobby"][data-stream="down"]').waitFor({ timeout: 10_000 });
      for (const g of all) {
        await expect.poll(() => text(page, 'lobby-issue', `lobby-${g.code}`), { timeout: 15_000 }).toMatch(ISSUE);
      }
      const polled = calls.filter((c) => c.includes('current_game')).length;
      expect(polled).toBeGreaterThanOrEqual(all.length);
      // It keeps trying, each time a little later; once the server answers, the stream is back and polling stops.
      await expect
        .poll(() => calls.filter((c) => c.startsWith('GET /api/game/events')).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      await page.unroute(isEvents);
      await page.locator('[data-testid="lobby"][data-stream="live"]').waitFor({ timeout: 20_000 });
      // Polling has stopped: the page's clock moves on 6 s, running every timer due meanwhile, and no poll follows.
      await settled(page);
      const atLive = calls.filter((c) => c.includes('current_game')).length;
      await page.clock.runFor(6_000);
      await settled(page);
      expect(calls.filter((c) => c.includes('current_game')).length).toBe(atLive);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('Mark Six shows the zodiac under each drawn ball, in the last result and the history, in every language', async () => {
    const ms = (await games()).find((g) => g.code === 'xam_6');
    expect(ms).toBeDefined();
    const query = `type=xam_6&category_id=${ms?.id}`;
    // A drawn Mark Six period to show: the site's clock moves past the current one's draw.
    await drawCurrentPeriod(t.site, clock, ms!.id);
    for (const lang of ['th', 'en', 'zh-cn', 'zh-hk', 'vi', 'pt']) {
      const names = catalogue(lang).draw.zodiac;
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await page.goto(`/aoLiu?${query}`);
        const last = page.getByTestId('last-result');
        await last.getByTestId('ball-zodiac').nth(6).waitFor({ timeout: 10_000 });
        await checkZodiacRow(page, '[data-testid="last-result"]', names);
        if (lang === 'th' || lang === 'en') await shot(page, `${lang}-aoLiu-zodiac.png`);
        // Whatever the draw: the seven longest names of this language still fit one line, none cut off.
        const longest = Object.values(names)
          .sort((a, b) => b.length - a.length)
          .slice(0, 7);
        const worst = await last.evaluate((el, texts) => {
          const labels = [...el.querySelectorAll<HTMLElement>('[data-testid="ball-zodiac"]')];
          labels.forEach((z, i) => (z.textContent = texts[i] ?? ''));
          const balls = [...el.querySelectorAll<HTMLElement>('[data-testid="ball"]')];
          return {
            lines: new Set(balls.map((b) => b.offsetTop)).size,
            cut: labels.some((z) => z.scrollWidth > z.clientWidth),
          };
        }, longest);
        expect(worst, `${lang}: ${longest.join(', ')}`).toEqual({ lines: 1, cut: false });

        await page.goto(`/history?${query}`);
        const first = page.getByTestId('history-item').first();
        await first.getByTestId('ball-zodiac').nth(6).waitFor({ timeout: 10_000 });
        await checkZodiacRow(page, '[data-testid="history-item"]', names);
        if (lang === 'th' || lang === 'en') await shot(page, `${lang}-history-marksix.png`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it("a 'settled' event refreshes the balance on the game page (stream simulated by the test)", async () => {
    const k3 = (await games()).find((g) => g.code === 'df_k3');
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    const calls = apiCalls(page);
    try {
      const stream = await simulateSettlement(page, k3?.id ?? 0);
      await page.goto(`/kuaisan?type=df_k3&category_id=${k3?.id}`);
      await page.getByTestId('bet-try-demo').click();
      const chip = page.getByTestId('topbar-balance');
      await chip.waitFor();
      const before = ((await chip.textContent()) ?? '').trim();
      // Reconnects alone refresh nothing: counted after two of them, the same after three more.
      await stream.reconnects(2);
      const wallets = () => calls.filter((c) => c === 'GET /api/wallet/index').length;
      const quiet = wallets();
      await stream.reconnects(3);
      await settled(page);
      expect(wallets()).toBe(quiet);

      stream.settle();
      await expect.poll(stream.served, { timeout: 5000 }).toBe(1);
      await expect.poll(wallets, { timeout: 5000 }).toBeGreaterThan(quiet);
      await expect.poll(async () => ((await chip.textContent()) ?? '').trim(), { timeout: 5000 }).not.toBe(before);
      expect(page.url()).toContain('/kuaisan');
    } finally {
      await context.close();
    }
  }, 60_000);

  it("/orders follows the all-games stream: a 'settled' event refreshes the list and the balance", async () => {
    const k3 = (await games()).find((g) => g.code === 'df_k3');
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    const calls = apiCalls(page);
    try {
      // A guest session from the game page, then the unsettled list, on the real stream first: one connection, for
      // every game.
      await page.goto(`/kuaisan?type=df_k3&category_id=${k3?.id}`);
      await page.getByTestId('bet-try-demo').click();
      await page.getByTestId('topbar-balance').waitFor();
      const atOrders = calls.length;
      await page.goto('/orders');
      await page.getByTestId('bets-tab-unsettled').waitFor();
      await page.waitForTimeout(2000);
      expect(calls.slice(atOrders).filter((c) => c.startsWith('GET /api/game/events'))).toEqual([
        'GET /api/game/events',
      ]);

      // Now the stream is answered by the test: a `settled` event fetches the list and the wallet again.
      const stream = await simulateSettlement(page, k3?.id ?? 0);
      await page.reload();
      const chip = page.getByTestId('topbar-balance');
      await chip.waitFor();
      const before = ((await chip.textContent()) ?? '').trim();
      const lists = () => calls.filter((c) => c.startsWith('GET /api/bet/list?')).length;
      const wallets = () => calls.filter((c) => c === 'GET /api/wallet/index').length;
      await expect.poll(lists, { timeout: 5000 }).toBeGreaterThan(0);
      // Reconnects alone refresh nothing: counted after two of them, the same after three more.
      await stream.reconnects(2);
      const quiet = { lists: lists(), wallets: wallets() };
      await stream.reconnects(3);
      await settled(page);
      expect({ lists: lists(), wallets: wallets() }).toEqual(quiet);

      stream.settle();
      await expect.poll(stream.served, { timeout: 5000 }).toBe(1);
      await expect.poll(lists, { timeout: 5000 }).toBeGreaterThan(quiet.lists);
      await expect.poll(wallets, { timeout: 5000 }).toBeGreaterThan(quiet.wallets);
      await expect.poll(async () => ((await chip.textContent()) ?? '').trim(), { timeout: 5000 }).not.toBe(before);
      const last = calls.filter((c) => c.startsWith('GET /api/bet/list?')).at(-1) ?? '';
      expect(last).toContain('status=unsettled');
      expect(page.url()).toContain('/orders');
    } finally {
      await context.close();
    }
  }, 60_000);
});

/**
 * The events stream, answered by the test: a time stamp, and one `settled` event for `gamesId` after `settle()`. The
 * body ends, so EventSource comes back after `retry` (the real server keeps it open). From then on the wallet
 * answers a higher balance, as a payout would. `reconnects(n)` waits for the page to come back `n` more times.
 */
async function simulateSettlement(page: Page, gamesId: number) {
  let settle = false;
  let paid = false;
  let served = 0;
  let connections = 0;
  await page.route(isEvents, async (route) => {
    connections += 1;
    const events = [`retry: 300`, `event: time\ndata: ${JSON.stringify({ server_time: Date.now() })}`];
    if (settle) {
      events.push(`event: settled\ndata: ${JSON.stringify({ games_id: gamesId, issue: '20261122-0001' })}`);
      settle = false;
      served += 1;
    }
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      body: `${events.join('\n\n')}\n\n`,
    });
  });
  await page.route(
    (u) => u.pathname === '/api/wallet/index',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { balance: number } };
      if (paid) body.data.balance += 123_400;
      await route.fulfill({ response, json: body });
    },
  );
  return {
    settle: () => {
      paid = true;
      settle = true;
    },
    served: () => served,
    /** Resolves once the page has connected `n` more times. */
    reconnects: async (n: number) => {
      const from = connections;
      await expect.poll(() => connections, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(from + n);
    },
  };
}

/**
 * The seven balls of the first result row under `scope`: each ball's animal is the domain's for the period's draw
 * date, named in the page's language, fully visible (not cut off), and the balls stay on one line.
 */
async function checkZodiacRow(page: Page, scope: string, names: Record<string, string>) {
  const row = await page
    .locator(scope)
    .first()
    .evaluate((el) => {
      const issue = el.querySelector('.last-result__issue .num')?.textContent ?? el.getAttribute('data-issue') ?? '';
      const balls = [...el.querySelectorAll('[data-testid="ball"]')].map((b) => {
        const z = b.querySelector<HTMLElement>('[data-testid="ball-zodiac"]');
        return {
          n: Number(b.querySelector('.ball')?.textContent),
          animal: z?.dataset.zodiac ?? '',
          text: z?.textContent ?? '',
          cut: z ? z.scrollWidth > z.clientWidth : true,
          top: (b as HTMLElement).offsetTop,
          right: b.getBoundingClientRect().right,
        };
      });
      return { issue: issue.trim(), balls, width: document.documentElement.clientWidth };
    });
  expect(row.issue).toMatch(ISSUE);
  const date = row.issue.replace(/^(\d{4})(\d{2})(\d{2})-\d+$/, '$1-$2-$3');
  expect(row.balls).toHaveLength(7);
  for (const b of row.balls) {
    expect(b.animal, `${row.issue} ball ${b.n}`).toBe(zodiacOf(b.n, date));
    expect(b.text).toBe(names[b.animal]);
    expect(b.cut, `${b.text} is cut off`).toBe(false);
    expect(b.right).toBeLessThanOrEqual(row.width);
  }
  const rowText = row.balls.map((b) => `${b.n}:${b.text}@${b.top}`).join(' ');
  expect(new Set(row.balls.map((b) => b.top)).size, `balls on one line (width ${row.width}): ${rowText}`).toBe(1);
}
