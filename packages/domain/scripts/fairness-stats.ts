/**
 * Statistical check of the fd1 draw (docs/trust.md 14): draws N outcomes per game family, each from a fresh random
 * seed as in production, and tests
 *   - chi-square goodness of fit of every position (PK10 positions, dice, digits, Mark Six balls) against uniform,
 *     plus the Lucky 28 sum against its exact distribution;
 *   - lag-1 serial correlation of every position across consecutive draws (z = r·√N, ≈ N(0, 1) under H₀).
 * About sixty tests run, so at 1 % each a perfect generator would fail one of them in about half of all runs. The
 * verdict therefore holds the whole run to 99 % confidence (Bonferroni: each test at 1 % / number of tests); the
 * per-test 99 % critical value is printed beside it, and values beyond it are flagged "(>99%)" for information.
 *
 * Usage: node packages/domain/scripts/fairness-stats.ts [--draws N]   (default 1 000 000 per family). Exit 1 on FAIL.
 */
import { randomBytes } from 'node:crypto';
import { drawFd1 } from '../src/draw/fd1.ts';
import type { GameFamily } from '../src/games/outcome.ts';

type FamilySpec = {
  readonly family: GameFamily;
  readonly gameCode: string;
  readonly positions: number;
  readonly low: number;
  readonly values: number;
};

const FAMILIES: readonly FamilySpec[] = [
  { family: 'pk10', gameCode: 'df_pk10', positions: 10, low: 1, values: 10 },
  { family: 'k3', gameCode: 'df_k3', positions: 3, low: 1, values: 6 },
  { family: 'ssc', gameCode: 'df_ssc', positions: 5, low: 0, values: 10 },
  { family: 'lucky28', gameCode: 'xy_28', positions: 3, low: 0, values: 10 },
  { family: 'marksix', gameCode: 'xam_6', positions: 7, low: 1, values: 49 },
];

function parseDraws(argv: readonly string[]): number {
  const i = argv.findIndex((a) => a === '--draws' || a.startsWith('--draws='));
  if (i < 0) return 1_000_000;
  const arg = argv[i]!;
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  const n = Number(raw?.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 1000) throw new Error('--draws must be an integer ≥ 1000');
  return n;
}

// Regularised incomplete gamma functions (series and continued fraction), for chi-square tail probabilities.
function lnGamma(x: number): number {
  const c = [
    76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2,
    -0.5395239384953e-5,
  ];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.000000000190015;
  for (const coefficient of c) ser += coefficient / ++y;
  return -tmp + Math.log((2.5066282746310005 * ser) / x);
}

function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(lnPrefix);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lnPrefix) * h;
}

/** P(χ²_df ≥ x). */
const chiSquareTail = (x: number, df: number): number => upperGamma(df / 2, x / 2);

/** The x with P(χ²_df ≥ x) = alpha, by bisection. */
function chiSquareCritical(df: number, alpha: number): number {
  let lo = 0;
  let hi = df + 100 * Math.sqrt(2 * df) + 100;
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (chiSquareTail(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

type Check = { label: string; statistic: number; critical99: number; criticalRun: number; tail: number };

const draws = parseDraws(process.argv.slice(2));
const chiTests = FAMILIES.reduce((n, f) => n + f.positions, 0) + 1; // + the Lucky 28 sum
const serialTests = FAMILIES.reduce((n, f) => n + f.positions, 0);
const alphaRun = 0.01 / (chiTests + serialTests);
const zCritical = (alpha: number) => Math.sqrt(chiSquareCritical(1, alpha)); // |Z| > z ⇔ Z² > z², Z² ~ χ²₁

const checks: Check[] = [];
const started = performance.now();
const SEEDS_PER_BATCH = 8192;

for (const spec of FAMILIES) {
  const familyStarted = performance.now();
  const counts = Array.from({ length: spec.positions }, () => new Float64Array(spec.values));
  const sumCounts = new Float64Array(28);
  const sum = new Float64Array(spec.positions);
  const sumSquares = new Float64Array(spec.positions);
  const sumLagged = new Float64Array(spec.positions);
  const first = new Float64Array(spec.positions);
  let previous: readonly number[] = [];
  let pool = randomBytes(32 * SEEDS_PER_BATCH);

  for (let t = 0; t < draws; t += 1) {
    const slot = t % SEEDS_PER_BATCH;
    if (slot === 0 && t > 0) pool = randomBytes(32 * SEEDS_PER_BATCH);
    const seed = pool.subarray(32 * slot, 32 * slot + 32);
    const outcome = drawFd1({ family: spec.family, gameCode: spec.gameCode, issue: `20261122-${t}`, seed });
    for (let p = 0; p < spec.positions; p += 1) {
      const x = outcome[p]!;
      counts[p]![x - spec.low]! += 1;
      sum[p]! += x;
      sumSquares[p]! += x * x;
      if (t === 0) first[p] = x;
      else sumLagged[p]! += previous[p]! * x;
    }
    if (spec.family === 'lucky28') sumCounts[outcome[0]! + outcome[1]! + outcome[2]!]! += 1;
    previous = outcome;
  }

  const df = spec.values - 1;
  const expected = draws / spec.values;
  for (let p = 0; p < spec.positions; p += 1) {
    const chi = counts[p]!.reduce((acc, observed) => acc + (observed - expected) ** 2 / expected, 0);
    checks.push({
      label: `${spec.family} position ${p + 1}: chi-square (df ${df})`,
      statistic: chi,
      critical99: chiSquareCritical(df, 0.01),
      criticalRun: chiSquareCritical(df, alphaRun),
      tail: chiSquareTail(chi, df),
    });
  }
  for (let p = 0; p < spec.positions; p += 1) {
    // r = Σ (x_t − m)(x_{t+1} − m) / Σ (x_t − m)², expanded so one pass suffices.
    const m = sum[p]! / draws;
    const last = previous[p]!;
    const numerator = sumLagged[p]! - m * (sum[p]! - last + sum[p]! - first[p]!) + (draws - 1) * m * m;
    const denominator = sumSquares[p]! - draws * m * m;
    const z = (numerator / denominator) * Math.sqrt(draws);
    checks.push({
      label: `${spec.family} position ${p + 1}: lag-1 serial correlation |z|`,
      statistic: Math.abs(z),
      critical99: zCritical(0.01),
      criticalRun: zCritical(alphaRun),
      tail: chiSquareTail(z * z, 1),
    });
  }
  if (spec.family === 'lucky28') {
    // Exact distribution of the sum of three digits: ways(s) out of 1000.
    const ways = Array.from({ length: 28 }, (_, s) => {
      let w = 0;
      for (let a = 0; a <= 9; a += 1) for (let b = 0; b <= 9; b += 1) if (s - a - b >= 0 && s - a - b <= 9) w += 1;
      return w;
    });
    const chi = ways.reduce((acc, w, s) => acc + (sumCounts[s]! - (draws * w) / 1000) ** 2 / ((draws * w) / 1000), 0);
    checks.push({
      label: 'lucky28 sum 0..27: chi-square vs exact (df 27)',
      statistic: chi,
      critical99: chiSquareCritical(27, 0.01),
      criticalRun: chiSquareCritical(27, alphaRun),
      tail: chiSquareTail(chi, 27),
    });
  }
  console.log(`${spec.family}: ${draws} draws in ${((performance.now() - familyStarted) / 1000).toFixed(1)} s`);
}

let failed = 0;
console.log(
  `\n${'test'.padEnd(52)} ${'statistic'.padStart(10)} ${'crit 99%'.padStart(9)} ${'crit run'.padStart(9)}  p-value   verdict`,
);
for (const c of checks) {
  const fail = c.statistic > c.criticalRun;
  if (fail) failed += 1;
  const note = c.statistic > c.critical99 ? ' (>99%)' : '';
  console.log(
    `${c.label.padEnd(52)} ${c.statistic.toFixed(3).padStart(10)} ${c.critical99.toFixed(3).padStart(9)} ${c.criticalRun
      .toFixed(3)
      .padStart(9)}  ${c.tail.toExponential(2).padStart(8)}  ${fail ? 'FAIL' : 'PASS'}${note}`,
  );
}
const over99 = checks.filter((c) => c.statistic > c.critical99).length;
console.log(
  `\n${checks.length} tests, ${draws} draws per family, ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
    `Beyond the per-test 99 % value: ${over99} (about ${(checks.length * 0.01).toFixed(1)} expected by chance). ` +
    `Run-wide 99 % (each test at ${alphaRun.toExponential(2)}): ${failed === 0 ? 'PASS' : `FAIL (${failed})`}`,
);
process.exitCode = failed === 0 ? 0 : 1;
