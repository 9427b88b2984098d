/// <reference lib="dom" />
/**
 * Boots the real site (API + built web app) on a fresh PGlite data directory and drives the system Chromium at a
 * phone viewport. Browser tests use only public tools: playwright-core with Debian's chromium, no downloaded browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePorts, lostPort } from '../apps/api/src/test/free-ports.ts';
import { API_NODE_FLAGS } from '../apps/api/src/node-flags.ts';
import { INSTALL_COMMAND } from './ensure-chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 } as const;
/** The allow-listed origin the browser tests use for `code` 301 navigation. */
export const ALLOWED_ORIGIN = 'https://pay.fairdraw.test';

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install it with: ${INSTALL_COMMAND} ` +
        '(npm run test:e2e does so itself as root), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
}

/** Where the tier's global setup (global-setup.ts) put its migrated PGlite data directory, when it did. */
export const PGLITE_TEMPLATE_ENV = 'FD_E2E_PGLITE_TEMPLATE';

/** `metricsUrl`: the server's own metrics listener (GET /metrics), on a port of its own. */
export type Site = { url: string; metricsUrl: string; stop: () => Promise<void>; logs: string[] };

type SiteOptions = { needsWeb?: boolean; databaseUrl?: string };

/** The server could not bind a port it was given: another process took it between the pick and the bind. */
class PortTaken extends Error {}

/**
 * Starts `apps/api/src/server.ts` exactly as `npm start` does, on its own ports and data directory. A port lost to
 * another process in the moment between picking and binding it costs one more start, not the test file.
 */
export async function startSite(extraEnv: Record<string, string> = {}, options: SiteOptions = {}): Promise<Site> {
  if (options.needsWeb !== false && !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extraEnv, options);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
    }
  }
}

async function startOnce(extraEnv: Record<string, string>, { databaseUrl }: SiteOptions): Promise<Site> {
  const [port, metricsPort] = await freePorts(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'fairdraw-e2e-'));
  // A copy of the migrated data directory, when the tier made one: the server finds no migration left to run.
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!databaseUrl && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REDIRECT_ALLOWLIST: ALLOWED_ORIGIN,
    // Limits shared through Redis only where asked: sites of different tests (or a benchmark's) must not share one
    // budget because the machine's shell has a REDIS_URL.
    REDIS_URL: '',
    ...extraEnv,
  };
  // Browser tests run on embedded PGlite; benchmarks pass a PostgreSQL database of their own.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => logs.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
  // A server never outlives the test process that started it: not when it fails to start, not when the file's
  // hooks time out before `stop` is known to them (a left-over server would keep drawing and slow every later file).
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  // Well under a second on a quiet machine; a machine busy with other work may take a minute or more (the file's
  // hook allows 120 s: vitest.config.ts).
  const deadline = Date.now() + 110_000;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        const output = logs.join('');
        throw lostPort(output) ? new PortTaken(output) : new Error(`The server exited early:\n${output}`);
      }
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${logs.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    kill();
    process.off('exit', kill);
    throw err;
  }
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      process.off('exit', kill);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Requests that stay open for as long as the page does: the live streams. */
const STREAMS = ['/api/user/events', '/api/game/events'];
const inFlight = new WeakMap<Page, Set<unknown>>();
/** How many requests each page has started, the live streams left out (see `settled`). */
const started = new WeakMap<Page, number>();

/** Counts each page's requests in flight, leaving out the live streams (see `quiet`). */
function trackRequests(context: BrowserContext): void {
  const of = (page: Page | null) => {
    if (!page) return undefined;
    let set = inFlight.get(page);
    if (!set) inFlight.set(page, (set = new Set()));
    return set;
  };
  const pageOf = (r: { frame: () => { page: () => Page } }) => {
    try {
      return r.frame().page();
    } catch {
      return null; // a service worker's request
    }
  };
  context.on('request', (r) => {
    if (STREAMS.includes(new URL(r.url()).pathname)) return;
    const page = pageOf(r);
    of(page)?.add(r);
    if (page) started.set(page, (started.get(page) ?? 0) + 1);
  });
  context.on('requestfinished', (r) => of(pageOf(r))?.delete(r));
  context.on('requestfailed', (r) => of(pageOf(r))?.delete(r));
}

/**
 * Waits until the page has had no request in flight for `idleMs`, the live streams left out: what
 * `waitForLoadState('networkidle')` would be if a registered player's page did not keep its member stream open
 * (it never goes idle then). For pages of contexts made by `phone`.
 */
export async function quiet(page: Page, idleMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const until = Date.now() + timeoutMs;
  let idleSince = Date.now();
  while (Date.now() < until) {
    if ((inFlight.get(page)?.size ?? 0) > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= idleMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the page kept requests in flight for ${timeoutMs} ms`);
}

/**
 * Waits until the page has settled: no request in flight (the live streams left out), and since the last one ended
 * the page has run its pending work — answers handled, screens rendered, what it deferred to an idle moment
 * (`requestIdleCallback` runs callbacks in the order asked, so the app's ran before this one's), then two animation
 * frames and a zero timer, twice over — without starting another. A condition, not a fixed idle time like `quiet`'s:
 * a screen whose answers lead to more requests (a chunk, the next query, a redirect) is waited for, a finished one
 * is not. For pages of contexts made by `phone`.
 */
export async function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const until = Date.now() + timeoutMs;
  // The idle callback is asked with a deadline: on a busy machine a page that keeps working (an animation, a poll)
  // may have no idle moment for longer than the test allows, and an evaluate that never ends would outlast it. The
  // wait as a whole is bounded by what is left of timeoutMs.
  const frames = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const left = Math.max(until - Date.now(), 0);
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), left)));
    const done = page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))), {
            timeout: 1000,
          }),
        ),
    );
    try {
      if ((await Promise.race([done, late])) === 'late') {
        void done.catch(() => undefined);
        throw new Error(`the page did not reach an idle moment and two frames within ${timeoutMs} ms`);
      }
    } finally {
      clearTimeout(timer);
    }
  };
  const busy = () => (inFlight.get(page)?.size ?? 0) > 0;
  while (Date.now() < until) {
    if (busy()) {
      await page.waitForTimeout(20); // polls the condition; nothing here waits for time to pass
      continue;
    }
    const before = started.get(page) ?? 0;
    await frames();
    await frames();
    if (!busy() && (started.get(page) ?? 0) === before) return;
  }
  throw new Error(`the page kept starting requests for ${timeoutMs} ms`);
}

/** A phone-sized context; `lang` is written to local storage before any page script runs. */
export async function phone(browser: Browser, baseURL: string, lang?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  trackRequests(context);
  if (lang) {
    await context.addInitScript((l: string) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    }, lang);
  }
  return context;
}

/** The desk size the console is designed for. */
export const DESK = { width: 1280, height: 800 } as const;

/** A desk-sized context (the operator's); `lang` is written to local storage before any page script runs. */
export async function desk(browser: Browser, baseURL: string, lang: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  await context.addInitScript((l: string) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  return context;
}

export async function storage(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
}

export const SCREENSHOTS = join(root, 'e2e/screenshots');
