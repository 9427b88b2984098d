/**
 * The daily rebate in the browser at 390×844, in Thai and in English. The site runs with its wall clock moved
 * (site-clock.ts) to two and a half minutes before midnight in the business time zone: the operator sets the K3 rate,
 * two players deposit and bet on K3 through the API, the clock moves past their period's draw and the site's own
 * scheduler draws and settles it; then the clock moves past midnight and the scheduler's leader computes yesterday's
 * rebates. Each player then, by
 * taps from the tab bar: Bonus → sees the claimable rebate and the rates → claims it → sees it in the history and
 * the bonus with its turnover requirement; the wallet card on /purses shows the locked bonus too.
 *
 * With BONUS_SHOTS=<folder> it writes <lang>-bonus.png, <lang>-claimed.png and <lang>-wallet.png there.
 */
import { describe, expect, it } from 'vitest';
import type { BetSlip, BonusIndex, GameCategory, PlayGroup } from '@fairdraw/contract';
import { phone } from './harness.ts';
import { useSite } from './fixtures.ts';
import {
  approvedDeposit,
  drawCurrentPeriod,
  norm,
  OPERATOR,
  openPeriodWith,
  operatorLogin,
  screenshotsTo,
  siteApi,
} from './site-api.ts';
import { siteClock } from './site-clock.ts';

const ZONE = 'Asia/Bangkok'; // UTC+7 all year
const DAY_MS = 86_400_000;
const clock = siteClock();
/** The first midnight in Bangkok ten minutes from now at least (the site's clock only moves forward). */
const midnight = Math.ceil((Date.now() + 7 * 3_600_000 + 600_000) / DAY_MS) * DAY_MS - 7 * 3_600_000;
/** Moves the site's clock on to `serverNow` (epoch ms). */
const setClock = (serverNow: number) => clock.advance(serverNow - (Date.now() + clock.offset()));
// The site starts 150 s before midnight.
setClock(midnight - 150_000);

const t = useSite({
  ...clock.env,
  BUSINESS_TIME_ZONE: ZONE,
  // Minute periods: the one the slips land in draws well before midnight (the clock moves past it: betK3).
  GAME_CYCLE_OVERRIDE_SECONDS: '60',
  RATE_LIMIT_MAX: '100000',
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
});
const SHOTS = process.env.BONUS_SHOTS;
const shot = screenshotsTo(SHOTS);
const PASSWORD = 'abc12345';
/** How long a screen may take to show what it should (the machine is shared and slow at times). */
const WAIT = { timeout: 15_000 };

type Lang = 'th' | 'en';
const api = <T>(path: string, init: { token?: string; body?: unknown; lang?: string } = {}) =>
  siteApi<T>(t.site, path, {
    ...init,
    method: init.body === undefined && path.includes('current_game') ? 'POST' : undefined,
  });

async function register(lang: Lang): Promise<{ account: string; token: string }> {
  const account = `rb${lang}${Date.now().toString(36)}`.slice(0, 20);
  const { token } = await api<{ token: string }>('/api/user/register', {
    body: { account, password: PASSWORD, confirm_password: PASSWORD, adult: true },
  });
  return { account, token };
}

/** K3's game id. */
async function k3Id(): Promise<number> {
  const cats = await api<GameCategory[]>('/api/game/category');
  return cats.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
}

/**
 * Slips of 1,000 on the first `n` plays of K3's current period, placed while it has 15 s at least to its seal (else
 * the site's clock moves on to the next period: openPeriodWith).
 */
async function betK3(token: string, n: number): Promise<BetSlip[]> {
  const k3 = await k3Id();
  const plays = (await api<PlayGroup[]>(`/api/game/play_items?group_id=${k3}`)).flatMap((g) => g.items).slice(0, n);
  const period = await openPeriodWith(t.site, clock, k3, 15_000);
  const slips: BetSlip[] = [];
  for (const play of plays) {
    slips.push(
      await api<BetSlip>('/api/game/bet', {
        token,
        body: { games_id: k3, issue: period.issue, items: [{ play_id: play.id, amount: 1_000 }] },
      }),
    );
  }
  return slips;
}

async function poll<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const players = new Map<Lang, { account: string; token: string }>();

describe('the daily rebate', () => {
  it('yesterday’s turnover, bet and settled before midnight, is computed once the day is over', async () => {
    const op = await api<{ token: string }>('/api/user/login', { body: OPERATOR });
    await api('/api/admin/bonus/settings', {
      token: op.token,
      body: { rates: [{ family: 'k3', rate_bps: 100, multiple: 3 }] },
    });
    for (const lang of ['th', 'en'] as const) {
      const p = await register(lang);
      await approvedDeposit(t.site, p.token, 100_000);
      players.set(lang, p);
      const slips = await betK3(p.token, 12);
      expect(slips).toHaveLength(12);
    }
    // The scheduler draws and settles them, still before midnight: the site's clock moves past the draw of the
    // period the last slips are in (an earlier one, when the clock moved on between the players, is drawn already).
    await drawCurrentPeriod(t.site, clock, await k3Id());
    expect(Date.now() + clock.offset()).toBeLessThan(midnight - 30_000);
    for (const p of players.values()) {
      await poll(
        'slips settled',
        () => api<{ list: { status: string }[] }>('/api/bet/list?limit=50', { token: p.token }),
        (r) => r.list.length === 12 && r.list.every((s) => s.status !== 'unsettled'),
      );
    }
    // Midnight passes, then the grace of five minutes: the leader computes the day on its settle beat.
    setClock(midnight + 6 * 60_000);
    for (const p of players.values()) {
      const index = await poll(
        'rebate computed',
        () => api<BonusIndex>('/api/bonus/index', { token: p.token }),
        (i) => i.claimable > 0,
      );
      expect(index.claimable_days).toHaveLength(1);
    }
  }, 240_000);

  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: Bonus tab → claim → history, bonus and requirement; the wallet card shows the locked bonus`, async () => {
      const p = players.get(lang);
      expect(p).toBeDefined();
      const before = await api<BonusIndex>('/api/bonus/index', { token: p!.token });
      const context = await phone(t.browser, t.site.url, lang);
      const page = await context.newPage();
      try {
        await page.goto('/login');
        await page.getByTestId('login-account').fill(p!.account);
        await page.getByTestId('login-password').fill(PASSWORD);
        await page.getByTestId('login-submit').click();
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByTestId('tab-bonus').click();
        await page.waitForURL((u) => u.pathname.toLowerCase() === '/caijin');
        const claimable = page.getByTestId('bonus-claimable');
        await expect.poll(async () => norm(await claimable.innerText()), WAIT).not.toMatch(/^(฿|THB)?\s*0(\.00)?$/);
        await expect.poll(() => page.getByTestId('bonus-rate-k3').isVisible(), WAIT).toBe(true);
        expect(norm(await page.getByTestId('bonus-rate-k3').innerText())).toContain('1 %');
        await shot(page, `${lang}-bonus`);

        await page.getByTestId('bonus-claim').click();
        await expect.poll(() => page.getByTestId('bonus-progress').isVisible(), WAIT).toBe(true);
        await expect.poll(async () => page.getByTestId('bonus-claim').isDisabled(), WAIT).toBe(true);
        const after = await api<BonusIndex>('/api/bonus/index', { token: p!.token });
        expect(after.claimable).toBe(0);
        expect(after.bonus).toMatchObject({ locked: before.claimable, requirement: before.claimable * 3, progress: 0 });
        const row = page.getByTestId(`bonus-row-${before.claimable_days[0]}`);
        await expect.poll(() => row.isVisible(), WAIT).toBe(true);
        await expect.poll(() => page.getByTestId('no-more-data').isVisible(), WAIT).toBe(true);
        await shot(page, `${lang}-claimed`);

        // A second claim (another tab, a double tap) finds nothing: the API says so.
        const again = await fetch(`${t.site.url}/api/bonus/claim`, { method: 'POST', headers: { token: p!.token } });
        expect(((await again.json()) as { error?: string }).error).toBe('BONUS_NOTHING_TO_CLAIM');

        await page.goto('/purses');
        await expect.poll(() => page.getByTestId('wallet-bonus').isVisible(), WAIT).toBe(true);
        await shot(page, `${lang}-wallet`);
      } finally {
        await context.close();
      }
    }, 90_000);
  }

  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: the operator changes the K3 rate on the console's Rebate tab (1280×800 and 390×844)`, async () => {
      const context = await t.browser.newContext({ baseURL: t.site.url, viewport: { width: 1280, height: 800 } });
      await context.addInitScript((l: string) => localStorage.setItem('lang', l), lang);
      const page = await context.newPage();
      try {
        await operatorLogin(page);
        await page.goto('/rechargeAdmin');
        await page.getByTestId('admin-tab-rebate').click();
        const rate = page.getByTestId('rebate-rate-k3');
        await expect.poll(() => rate.inputValue(), WAIT).toBe('1');
        await rate.fill('11');
        await page.getByTestId('rebate-submit').click();
        await expect.poll(() => page.getByTestId('field-error-rates.1.rate').isVisible(), WAIT).toBe(true);
        await rate.fill('1.5');
        await page.getByTestId('rebate-multiple-k3').fill('4');
        await expect.poll(() => page.getByTestId('rebate-example-k3').isVisible(), WAIT).toBe(true);
        await page.getByTestId('rebate-submit').click();
        await expect.poll(() => page.getByTestId('rebate-saved').isVisible(), WAIT).toBe(true);
        await shot(page, `${lang}-console-1280`);
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, `${lang}-console-390`);
        const op = await api<{ token: string }>('/api/user/login', { body: OPERATOR });
        const saved = await api<{ rates: { family: string; rate_bps: number; multiple: number }[] }>(
          '/api/admin/bonus/settings',
          { token: op.token },
        );
        expect(saved.rates).toContainEqual({ family: 'k3', rate_bps: 150, multiple: 4 });
        // Put it back for the other language's run.
        await api('/api/admin/bonus/settings', {
          token: op.token,
          body: { rates: [{ family: 'k3', rate_bps: 100, multiple: 3 }] },
        });
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
