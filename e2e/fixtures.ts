import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { assertChromium, launchBrowser, startSite, type Site } from './harness.ts';

/** One site and one browser per spec file, started before its tests and stopped after them. */
export function useSite(extraEnv: Record<string, string> = {}): { site: Site; browser: Browser } {
  const ctx = {} as { site: Site; browser: Browser };
  let starting: Promise<Site> | undefined;
  beforeAll(async () => {
    assertChromium(); // fail fast, with the install command, before starting anything
    starting = startSite(extraEnv);
    ctx.site = await starting;
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    // A start that outlived its hook's timeout is stopped too, once it has started.
    const site = ctx.site ?? (await starting?.catch(() => undefined));
    await site?.stop();
  });
  return ctx;
}
