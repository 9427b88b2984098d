import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { assertChromium, launchBrowser, startSite, type Site } from './harness.ts';

/** One site and one browser per spec file, started before its tests and stopped after them. */
export function useSite(extraEnv: Record<string, string> = {}): { site: Site; browser: Browser } {
  const ctx = {} as { site: Site; browser: Browser };
  beforeAll(async () => {
    assertChromium(); // fail fast, with the install command, before starting anything
    ctx.site = await startSite(extraEnv);
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.site?.stop();
  });
  return ctx;
}
