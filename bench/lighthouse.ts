/**
 * `npm run bench:lighthouse`: Lighthouse's mobile audit (simulated slow 4G and a 4× slower CPU) of Home with its
 * real seeded content, served by the real server from a production build, in Debian's Chromium. Prints the
 * category scores and the paint metrics; exits non-zero when performance is below the budget (90).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, assertChromium, startSite } from '../e2e/harness.ts';

const BUDGET = Number(process.env.LIGHTHOUSE_BUDGET ?? 90);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

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
const scores: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(`${site.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
    const metric = (k: string) => audits[k]?.displayValue ?? '?';
    scores.push(score('performance'));
    console.log(
      `run ${i + 1}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')} | FCP ${metric('first-contentful-paint')}, ` +
        `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
        `CLS ${metric('cumulative-layout-shift')}`,
    );
  }
} finally {
  chrome.kill();
  await site.stop();
}
const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
console.log(`median performance ${median} (budget ${BUDGET})`);
if (median < BUDGET) process.exitCode = 1;
