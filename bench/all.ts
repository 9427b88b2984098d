/**
 * `npm run bench:all`: runs every benchmark, one after the other (each alone on the machine), collects the figures
 * each records (bench/figures.ts) and prints each beside its committed baseline (bench/baseline.json) and its goal.
 * Exits non-zero when a benchmark fails (an error answer, an unclean ledger), when a figure is worse than its
 * baseline by more than its tolerance, or when a baselined figure was not measured.
 *
 *   node bench/all.ts            every benchmark at full size (about 15 minutes)
 *   node bench/all.ts --fast     the short forms CI runs (`npm run bench:ci`, about a minute and a half)
 *   … --only reads,bets          some of them
 *   … --update                   writes this run's figures as the mode's baseline (keeping each tolerance and goal)
 *
 * Every figure is a ratio against a reference measured in the same run (a bare node:http server, pgbench, inserting
 * the same bets, count(*) of the same table), so the baseline travels between runs of one kind of machine; the fast
 * mode has a baseline of its own because shorter windows and smaller sizes give other ratios.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineFile, readBaseline, type BaselineEntry as Entry, type Figure } from './figures.ts';
import { root } from './pg.ts';

type Mode = 'full' | 'fast';
type Bench = { name: string; script: string; env: Partial<Record<Mode, Record<string, string>>> };

/** A benchmark runs in a mode when it has an environment for it. */
const BENCHES: Bench[] = [
  {
    name: 'reads',
    script: 'bench/reads.ts',
    env: {
      full: {},
      fast: {
        BENCH_ENGINES: 'pglite',
        BENCH_SECONDS: '1',
        BENCH_ROUNDS: '3',
        BENCH_READS: 'home,play_items,current_game,history',
      },
    },
  },
  { name: 'bets', script: 'bench/bets.ts', env: { full: {}, fast: { BENCH_CONNECTIONS: '64', BENCH_SECONDS: '5' } } },
  {
    name: 'settle',
    script: 'bench/settle.ts',
    env: { full: { BENCH_FORCE: '1' }, fast: { BENCH_PILOT: '20000', BENCH_BETS: '20000', BENCH_PLAYERS: '1000' } },
  },
  {
    name: 'live',
    script: 'bench/live.ts',
    env: {
      full: { BENCH_STREAMS: '10000,19000' },
      fast: { BENCH_ENGINES: 'pglite', BENCH_STREAMS: '2000', BENCH_ROUNDS: '1', BENCH_CYCLE_SECONDS: '10' },
    },
  },
  { name: 'report', script: 'bench/report.ts', env: { full: {} } },
];

const args = process.argv.slice(2);
const mode: Mode = args.includes('--fast') ? 'fast' : 'full';
const update = args.includes('--update');
const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? (args[onlyArg + 1] ?? '').split(',') : undefined;
const DEFAULT_TOLERANCE: Record<Mode, number> = { full: 0.15, fast: 0.25 };

function runBench(bench: Bench, env: Record<string, string>, figuresFile: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, bench.script)], {
      cwd: root,
      env: { ...process.env, ...env, BENCH_FIGURES: figuresFile },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** How far `value` is from `entry.baseline` in the worse direction, as a share of the baseline (negative: better). */
function worseBy(value: number, entry: Entry): number {
  if (entry.baseline === 0) return 0;
  const change = (value - entry.baseline) / Math.abs(entry.baseline);
  return entry.better === 'higher' ? -change : change;
}

function goalMet(value: number, entry: Entry): string {
  if (entry.goal === undefined) return '';
  const met = entry.better === 'higher' ? value >= entry.goal : value <= entry.goal;
  return `${entry.better === 'higher' ? '≥' : '≤'} ${entry.goal} ${met ? 'met' : 'NOT MET'}`;
}

const baseline = readBaseline();
const known = baseline[mode];
const dir = mkdtempSync(join(tmpdir(), 'fd-bench-'));
const failures: string[] = [];
const figures = new Map<string, Figure>();
const ran = new Set<string>();
try {
  for (const bench of BENCHES) {
    const env = bench.env[mode];
    if (!env || (only && !only.includes(bench.name))) continue;
    ran.add(bench.name);
    // A figure past its tolerance is measured once more before it counts (the better of the two stands): a busy
    // moment of the machine costs a second run, a real regression shows in both.
    for (let attempt = 1; attempt <= 2; attempt++) {
      console.log(`\n=== ${bench.name} (${mode}${attempt > 1 ? ', again: a figure was past its tolerance' : ''}) ===`);
      const file = join(dir, `${bench.name}-${attempt}.jsonl`);
      writeFileSync(file, '');
      const started = performance.now();
      const code = await runBench(bench, env, file);
      console.log(`=== ${bench.name}: exit ${code}, ${((performance.now() - started) / 1000).toFixed(0)} s ===`);
      if (code !== 0) {
        failures.push(`${bench.name} exited with ${code}`);
        break;
      }
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const figure = JSON.parse(line) as Figure;
        const earlier = figures.get(figure.name);
        const better =
          figure.better === 'higher'
            ? figure.value > (earlier?.value ?? -Infinity)
            : figure.value < (earlier?.value ?? Infinity);
        if (!earlier || better) figures.set(figure.name, figure);
      }
      const past = [...figures.values()].some((f) => {
        const entry = known[f.name];
        return f.name.startsWith(`${bench.name}.`) && entry !== undefined && worseBy(f.value, entry) > entry.tolerance;
      });
      if (!past || update) break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\nfigures (${mode}) against bench/baseline.json:`);
console.log(`${'figure'.padEnd(34)} ${'now'.padStart(8)} ${'baseline'.padStart(9)}  change  tolerance  goal`);
for (const [name, figure] of [...figures].sort(([a], [b]) => a.localeCompare(b))) {
  const entry = known[name];
  if (!entry) {
    console.log(`${name.padEnd(34)} ${figure.value.toFixed(3).padStart(8)} ${'(none)'.padStart(9)}`);
    continue;
  }
  const worse = worseBy(figure.value, entry);
  const regressed = worse > entry.tolerance;
  if (regressed)
    failures.push(`${name} ${figure.value.toFixed(3)} is ${(worse * 100).toFixed(0)} % worse than ${entry.baseline}`);
  console.log(
    `${name.padEnd(34)} ${figure.value.toFixed(3).padStart(8)} ${entry.baseline.toFixed(3).padStart(9)}  ` +
      `${`${worse > 0 ? '-' : '+'}${Math.abs(worse * 100).toFixed(0)}%`.padStart(5)}  ${`±${(entry.tolerance * 100).toFixed(0)}%`.padStart(9)}  ` +
      `${goalMet(figure.value, entry)}${regressed ? '  REGRESSION' : ''}`,
  );
}
for (const [name] of Object.entries(known)) {
  const bench = name.split('.')[0] ?? '';
  if (ran.has(bench) && !figures.has(name) && !update) failures.push(`${name} was not measured`);
}

if (update) {
  const next: Record<string, Entry> = { ...known };
  for (const [name, figure] of figures) {
    const old = known[name];
    next[name] = {
      baseline: Number(figure.value.toFixed(3)),
      tolerance: old?.tolerance ?? DEFAULT_TOLERANCE[mode],
      ...(old?.goal !== undefined ? { goal: old.goal } : {}),
      better: figure.better,
      unit: figure.unit,
    };
  }
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(baselineFile, `${JSON.stringify({ ...baseline, [mode]: sorted }, null, 2)}\n`);
  console.log(`\nbench/baseline.json: ${mode} baseline written (${figures.size} figures)`);
}

if (failures.length > 0) {
  console.log(`\nbench:all FAILED:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else console.log(`\nbench:all: every figure within its tolerance of the baseline`);
