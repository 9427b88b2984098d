import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { BetSlip, CurrentGame, GameCategory } from '@fairdraw/contract';
import { addDays, localDate, zonedInstant } from '@fairdraw/domain';
import { quiet } from './harness.ts';
import type { Site } from './harness.ts';
import type { SiteClock } from './site-clock.ts';

// What the browser specs share besides the site and the browser (fixtures.ts): reading text as a player reads it,
// the session a page holds, and the API calls a test's setup makes.

/** Text as a test compares it: no-break spaces (Intl's currency spacing) as plain ones, trimmed. */
export const norm = (s: string): string => s.replace(/\u00a0/g, ' ').trim();

/** The session token the page's login stored ('' when none). */
export const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');

/**
 * Marks the page's current document; the answer tells whether the page still shows that same document (no reload,
 * no full navigation). Client-side route changes keep the mark; a reload loses it.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  const mark = randomBytes(6).toString('hex');
  await page.evaluate((m) => {
    (window as unknown as { __documentMark?: string }).__documentMark = m;
  }, mark);
  return () => page.evaluate((m) => (window as unknown as { __documentMark?: string }).__documentMark === m, mark);
}

type Init = {
  token?: string;
  body?: unknown;
  lang?: string;
  /** GET without a body, POST with one, unless named. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
};

/** One call of the site's API: the data of a 200 envelope, or an error naming the call and what it answered. */
export async function siteApi<T>(site: Site, path: string, init: Init = {}): Promise<T> {
  const res = await fetch(`${site.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { token: init.token } : {}),
      ...(init.lang ? { lang: init.lang } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const env = (await res.json()) as { code: number; data: T };
  if (env.code !== 200) throw new Error(`${path}: ${JSON.stringify(env)}`);
  return env.data;
}

/** The operator the specs start their sites with (OPERATOR_ACCOUNT / OPERATOR_PASSWORD). */
export const OPERATOR = { account: 'ops', password: 'opspass123' } as const;

/**
 * The site settings of a spec with the operator: his account, and the per-address limits lifted (one address makes
 * many logins and requests within a minute here). A spec spreads it and adds its own settings.
 */
export const OPERATOR_SITE = {
  OPERATOR_ACCOUNT: OPERATOR.account,
  OPERATOR_PASSWORD: OPERATOR.password,
  AUTH_RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_MAX: '100000',
} as const;

/** Logs the operator in through the login form, as he would; resolves once Home is shown. */
export async function operatorLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(OPERATOR.account);
  await page.getByTestId('login-password').fill(OPERATOR.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A JSON file of the repository (a catalogue), by its path from the repository's root. */
export const readRepoJson = (path: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', path), 'utf8'));

/** Registers a fresh adult player through the form, as a player would; answers the account name. */
export async function registerInBrowser(page: Page): Promise<string> {
  const account = `p${randomBytes(5).toString('hex')}`;
  await page.goto('/register');
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-confirm').fill('abc12345');
  await page.getByTestId('register-adult').check();
  await page.getByTestId('register-submit').click();
  // The deposit-limit offer that follows registering (skippable), skipped.
  await page.getByTestId('deposit-limit-skip').click();
  await page.waitForURL((u) => u.pathname === '/');
  return account;
}

/** A bank-transfer deposit of `amount` minor units by the player `token`, approved by OPERATOR; answers its id. */
export async function approvedDeposit(site: Site, token: string, amount: number): Promise<number> {
  const channels = await siteApi<{ id: number; type: string }[]>(site, '/api/recharge/channels', { token });
  const bank = channels.find((c) => c.type === 'bank');
  const deposit = await siteApi<{ id: number }>(site, '/api/recharge/submit', {
    token,
    body: {
      channel_id: bank?.id,
      amount,
      payee: 'House',
      account_number: '1234567890',
      bank: 'Bank',
      deposit_time: Date.now(),
      payer_name: 'Payer',
    },
  });
  const operator = await siteApi<{ token: string }>(site, '/api/user/login', { body: OPERATOR });
  await siteApi(site, '/api/admin/recharge/approve', { token: operator.token, body: { id: deposit.id } });
  return deposit.id;
}

/** A screenshot taker writing `<name>.png` into `dir` once the page is quiet; nothing when `dir` is unset. */
export function screenshotsTo(dir: string | undefined): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await quiet(page);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(dir, `${name}.png`) });
  };
}

/**
 * The game's current period, once it is open with at least `ms` left to its seal. When it is not (sealed, or too
 * close to its seal), the site's clock (`clock`, site-clock.ts) is moved on to a second after its draw, when the next
 * one is open, rather than waited for.
 */
export async function openPeriodWith(site: Site, clock: SiteClock, gameId: number, ms: number): Promise<CurrentGame> {
  let moved = false;
  // 50 looks 200 ms apart: the scheduler opens the next period within a second or two of the moved clock.
  for (let i = 0; i < 50; i++) {
    const period = await siteApi<CurrentGame>(site, `/api/game/current_game?games_id=${gameId}`, { method: 'POST' });
    const left = (period.seal_at ?? 0) - period.server_time;
    if (period.status === 'open' && period.issue && left >= ms) return period;
    if (!moved && period.draw_at) {
      clock.advance(period.draw_at - period.server_time + 1_000);
      moved = true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`game ${gameId}: no open period with ${ms} ms to its seal`);
}

/**
 * Keeps a spec's business day whole: when the site's time is within `marginMs` of midnight in `timeZone`, moves its
 * clock on to two minutes past that midnight (past the minute after which the report calls the day before final,
 * report-rebuild.service.ts) and resolves once the site tells that time. A spec that moves the clock on during its run
 * (a period at a time) and reads "today" then never sees a deposit on one day and its slip on the next.
 */
export async function clearOfMidnight(site: Site, clock: SiteClock, timeZone: string, marginMs: number): Promise<void> {
  const games = (await siteApi<GameCategory[]>(site, '/api/game/category')).flatMap((c) => c.games);
  const siteTime = async () =>
    (await siteApi<CurrentGame>(site, `/api/game/current_game?games_id=${games[0]?.id ?? 0}`, { method: 'POST' }))
      .server_time;
  const now = await siteTime();
  const midnight = zonedInstant(addDays(localDate(now, timeZone), 1), 0, timeZone);
  if (midnight - now >= marginMs) return;
  const target = midnight + 120_000;
  clock.advance(target - now);
  // The server re-reads its clock's offset every 100 ms.
  for (let i = 0; i < 50; i++) {
    if ((await siteTime()) >= target) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the site never told the moved time');
}

/**
 * Draws the game's current period now: moves the site's clock (`clock`) on to a second after its draw time, and
 * resolves once the site reports it drawn (the game's last draw); answers its issue. Every other game's period due
 * by then is drawn too. Its bets are settled moments later, by the scheduler's settle loop.
 */
export async function drawCurrentPeriod(site: Site, clock: SiteClock, gameId: number): Promise<string> {
  const current = () => siteApi<CurrentGame>(site, `/api/game/current_game?games_id=${gameId}`, { method: 'POST' });
  const period = await current();
  if (!period.issue || !period.draw_at) throw new Error(`game ${gameId}: no current period`);
  const issue = period.issue;
  clock.advance(period.draw_at - period.server_time + 1_000);
  for (let i = 0; i < 50; i++) {
    if ((await current()).last?.issue === issue) return issue;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`game ${gameId}: period ${issue} not drawn`);
}

/**
 * Places a one-item slip of 10.00 on `playId` in the game's current period, once that period is open with at least
 * two minutes to its seal (so a second slip on another game, placed next, lands in an open period too, and the slips
 * stay open while a test looks at them); answers the slip (in `lang` when given). When the period is past that point,
 * the site's clock (`clock`, site-clock.ts) is moved on to the next period rather than waited for (openPeriodWith).
 */
export async function placeSlipWhenOpen(
  site: Site,
  clock: SiteClock,
  token: string,
  gameId: number,
  playId: number,
  lang?: string,
): Promise<BetSlip> {
  const period = await openPeriodWith(site, clock, gameId, 120_001);
  return siteApi<BetSlip>(site, '/api/game/bet', {
    token,
    lang,
    body: { games_id: gameId, issue: period.issue, items: [{ play_id: playId, amount: 1000 }] },
  });
}
