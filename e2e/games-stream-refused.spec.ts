/**
 * The live stream refused: with SSE_MAX_TOTAL=0 the server answers every
 * GET /api/game/events with 429 STREAM_LIMIT_REACHED. A game page at 390×844 still shows each new period and each
 * result, with its countdown on server time, by polling current_game (game-poll.ts), and keeps retrying the stream
 * with a growing delay rather than hammering it.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';

const t = useSite({ GAME_CYCLE_OVERRIDE_SECONDS: '10', SSE_MAX_TOTAL: '0', RATE_LIMIT_MAX: '100000' });

const ISSUE = /^\d{8}-\d{4}$/;
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

describe('the live stream refused', () => {
  it('the server answers the stream 429 STREAM_LIMIT_REACHED in the usual envelope', async () => {
    const res = await fetch(`${t.site.url}/api/game/events`, { headers: { lang: 'en' } });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { code: number; error: string; msg: string; data: null };
    expect(body).toMatchObject({ code: 429, error: 'STREAM_LIMIT_REACHED', data: null });
    expect(body.msg.length).toBeGreaterThan(0);
  });

  it('a game page still moves from period to period and shows each result, by polling', async () => {
    const cats = (await (await fetch(`${t.site.url}/api/game/category`)).json()) as {
      data: { games: { id: number; code: string }[] }[];
    };
    const k3 = cats.data.flatMap((c) => c.games).find((g) => g.code === 'df_k3');
    expect(k3).toBeDefined();
    const context = await phone(t.browser, t.site.url, 'en');
    const page = await context.newPage();
    const streamAnswers: number[] = [];
    const polls: number[] = [];
    page.on('response', (r: Response) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/game/events') streamAnswers.push(r.status());
      if (u.pathname === '/api/game/current_game') polls.push(Date.now());
    });
    try {
      await page.goto(`/kuaisan?type=df_k3&category_id=${k3?.id ?? 0}`);
      await page.locator('[data-testid="game-page"][data-stream="down"]').waitFor({ timeout: 10_000 });
      await expect.poll(() => text(page, 'game-issue'), { timeout: 15_000 }).toMatch(ISSUE);

      // The countdown ticks (server time), with no stream.
      const countdown = () =>
        page
          .getByTestId('game-countdown')
          .textContent({ timeout: 500 })
          .catch(() => null);
      await expect.poll(countdown, { timeout: 12_000 }).toMatch(/^\d\d:\d\d$/);
      const c1 = await countdown();
      await expect.poll(countdown, { timeout: 3000, interval: 200 }).not.toBe(c1);

      // Two periods in a row are drawn: each time the next period replaces it and its result shows as the last.
      for (let round = 0; round < 2; round++) {
        const issue = await text(page, 'game-issue');
        await expect.poll(() => text(page, 'game-issue'), { timeout: 25_000 }).not.toBe(issue);
        await expect.poll(() => text(page, 'last-result'), { timeout: 10_000 }).toContain(issue);
      }
      expect(await page.locator('[data-testid="game-page"]').getAttribute('data-stream')).toBe('down');

      // Every stream attempt was refused with 429; retries back off (a handful in ~30 s, not one per second).
      expect(streamAnswers.length).toBeGreaterThanOrEqual(2);
      expect(new Set(streamAnswers)).toEqual(new Set([429]));
      expect(streamAnswers.length).toBeLessThanOrEqual(8);
      // Polling at about one request per 5 s, sooner just after a draw: neither silent nor a flood.
      const span = ((polls.at(-1) ?? 0) - (polls[0] ?? 0)) / 1000;
      expect(polls.length).toBeGreaterThanOrEqual(4);
      expect(polls.length).toBeLessThanOrEqual(Math.ceil(span) + 2);
    } finally {
      await context.close();
    }
  }, 90_000);
});
