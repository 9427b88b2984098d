/**
 * `npm run bench:lighthouse`: Lighthouse's mobile audit (simulated slow 4G and a 4× slower CPU) of Home and the game
 * pages with their real seeded content, served by the real server from a production build, in Debian's Chromium.
 * Prints, per route and run, the category scores, the paint metrics and the JavaScript transferred, then each
 * route's median; exits non-zero when a route's median performance is below the budget (90).
 *
 * LIGHTHOUSE_ROUTES picks the routes (comma-separated keys below, default all), LIGHTHOUSE_RUNS the runs per route
 * (3). Lighthouse scores move with whatever else the machine runs: the byte budget of `npm run size` is the gate.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, assertChromium, startSite } from '../e2e/harness.ts';

const BUDGET = Number(process.env.LIGHTHOUSE_BUDGET ?? 90);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Each route measured: Home, or a game page opened as a lobby tile opens it (its code and game id). */
const ROUTES: Record<string, { path: string; code?: string }> = {
  home: { path: '/' },
  k3: { path: '/kuaisan', code: 'df_k3' },
  pk10: { path: '/pkShi', code: 'df_pk10' },
  ssc: { path: '/shiShiCai', code: 'df_ssc' },
  marksix: { path: '/aoLiu', code: 'xam_6' },
  lucky28: { path: '/xingYun', code: 'xy_28' },
};
const chosen = (process.env.LIGHTHOUSE_ROUTES ?? Object.keys(ROUTES).join(','))
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
for (const key of chosen)
  if (!ROUTES[key]) throw new Error(`unknown route ${key}: one of ${Object.keys(ROUTES).join(', ')}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

assertChromium();
const site = await startSite({ LOG_LEVEL: 'error' });
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const summary: string[] = [];
let failed = false;
try {
  const answer = (await (await fetch(`${site.url}/api/game/category`)).json()) as {
    data: { games: { id: number; code: string }[] }[];
  };
  const categories = answer.data;
  const gameId = (code: string) => categories.flatMap((c) => c.games).find((g) => g.code === code)?.id ?? 0;
  for (const key of chosen) {
    const route = ROUTES[key]!;
    const url = route.code
      ? `${site.url}${route.path}?type=${route.code}&category_id=${gameId(route.code)}`
      : `${site.url}${route.path}`;
    const scores: number[] = [];
    const lcps: number[] = [];
    const scripts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      // A run Lighthouse could not measure (no paint seen on a loaded machine) is reported and left out of the medians.
      if (result.lhr.runtimeError) {
        console.log(`${key} run ${i + 1}: not measured (${result.lhr.runtimeError.code})`);
        continue;
      }
      const { categories: cats, audits } = result.lhr;
      const score = (k: string) => Math.round((cats[k]?.score ?? 0) * 100);
      const metric = (k: string) => audits[k]?.displayValue ?? '?';
      const items = (
        audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      const js = items?.find((r) => r.resourceType === 'script')?.transferSize ?? 0;
      // The LCP element: the node of Lighthouse's LCP breakdown insight.
      type Part = { type?: string; snippet?: string };
      const parts = (audits['lcp-breakdown-insight']?.details as { items?: Part[] } | undefined)?.items ?? [];
      const lcpNode = parts.find((p) => p.type === 'node')?.snippet?.slice(0, 90) ?? '?';
      scores.push(score('performance'));
      lcps.push(audits['largest-contentful-paint']?.numericValue ?? 0);
      scripts.push(js);
      console.log(
        `${key} run ${i + 1}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
          `best practices ${score('best-practices')} | FCP ${metric('first-contentful-paint')}, ` +
          `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
          `CLS ${metric('cumulative-layout-shift')} | JS ${(js / 1024).toFixed(1)} KB transferred | LCP element ${lcpNode}`,
      );
    }
    const perf = median(scores);
    if (perf < BUDGET) failed = true;
    summary.push(
      `${key.padEnd(8)} ${route.path.padEnd(11)} median performance ${perf}, LCP ${(median(lcps) / 1000).toFixed(1)} s, ` +
        `JS ${(median(scripts) / 1024).toFixed(1)} KB transferred${perf < BUDGET ? `  BELOW ${BUDGET}` : ''}`,
    );
  }
} finally {
  chrome.kill();
  await site.stop();
}
console.log(summary.join('\n'));
if (failed) process.exitCode = 1;
