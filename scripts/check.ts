/**
 * `npm run check`: type-check every workspace, lint, check formatting, build the web app and check each route's JS
 * budget. ESLint (about a minute of one core) runs beside the type-checks and Prettier (as long, one after another),
 * so the two cores are both busy; each lane's output is printed whole when it ends, never interleaved. The build and
 * the budget run once both lanes passed. Exit 1 when any step failed, naming it.
 */
import { spawn } from 'node:child_process';

type Step = { name: string; cmd: string };

const lanes: Step[][] = [
  [{ name: 'eslint', cmd: 'eslint .' }],
  [
    { name: 'typecheck', cmd: 'npm run typecheck' },
    { name: 'prettier', cmd: 'prettier --check .' },
  ],
];
const after: Step[] = [
  { name: 'build', cmd: 'npm run build' },
  { name: 'size', cmd: 'npm run size -w apps/web' },
];

/** Runs one step, its output kept; answers whether it passed. */
function run(step: Step, out: string[]): Promise<boolean> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(step.cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => out.push(b.toString()));
    child.stderr.on('data', (b: Buffer) => out.push(b.toString()));
    child.on('close', (code) => {
      const s = ((performance.now() - started) / 1000).toFixed(1);
      out.push(`check: ${step.name} ${code === 0 ? 'passed' : 'FAILED'} (${s} s)\n`);
      done(code === 0);
    });
  });
}

async function lane(steps: Step[]): Promise<string[]> {
  const out: string[] = [];
  const failed: string[] = [];
  // Every step of a lane runs even after one failed, so one run reports every problem.
  for (const step of steps) if (!(await run(step, out))) failed.push(step.name);
  process.stdout.write(out.join(''));
  return failed;
}

const failed = (await Promise.all(lanes.map(lane))).flat();
if (failed.length === 0) failed.push(...(await lane(after)));
if (failed.length > 0) {
  console.error(`check: failed: ${failed.join(', ')}`);
  process.exit(1);
}
