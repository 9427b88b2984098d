import type { Page } from 'playwright-core';
import type { Site } from './harness.ts';

// What the browser specs share besides the site and the browser (fixtures.ts): reading text as a player reads it,
// the session a page holds, and the API calls a test's setup makes.

/** Text as a test compares it: no-break spaces (Intl's currency spacing) as plain ones, trimmed. */
export const norm = (s: string): string => s.replace(/\u00a0/g, ' ').trim();

/** The session token the page's login stored ('' when none). */
export const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');

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
