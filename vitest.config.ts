import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Three tiers: unit tests beside the code (component tests, *.test.tsx, ask for happy-dom in their first line),
// integration tests on a real database (PGlite by default, PostgreSQL when DATABASE_URL is set), and browser tests in
// e2e/ against the built site in system Chromium.
// Under CI each run also writes a JSON report, named by its tier (CI_TIER, set by .ci/run), which .ci/run prints
// per tier (time, slowest files) and sums into one closing line.
const reporters = process.env.CI
  ? ['default', ['json', { outputFile: `reports/vitest-${process.env.CI_TIER ?? 'run'}-${process.pid}.json` }]]
  : ['default'];

// Files run two at a time on every tier, whatever the cores (vitest's default, one worker fewer than the cores, runs
// them one at a time on a two-core machine): an integration file waits on its database, a browser file on its server
// and browser, and a unit file shares the core with the other's waits. VITEST_WORKERS overrides it.
const WORKERS = Number(process.env.VITEST_WORKERS ?? 2);

// The integration files that take longest on PostgreSQL (CI prints each tier's slowest), where they run real
// processes, kills and races; PGlite skips them. Vitest starts the files that took longest in the last run first,
// and the last run CI made before the PostgreSQL tier is the PGlite one, where these took no time: so they started
// last, and the longest (two API processes over several draw cycles) ran alone at the end while the other worker had
// nothing left. Started first, they overlap the rest.
const START_FIRST = [
  'modules/draws/instances.int.test.ts',
  'plugins/idempotency.crash.int.test.ts',
  'modules/bets/cancel.race.int.test.ts',
  'modules/bets/settlement.kill.int.test.ts',
  'modules/bets/seal.race.int.test.ts',
];

/** Vitest's order, but within each project the START_FIRST files (in that order) ahead of every other. */
class LongestKnownFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = new Map<string, number>();
    sorted.forEach((f, i) => project.set(f.project.name, project.get(f.project.name) ?? i));
    const rank = (f: TestSpecification) => {
      const i = START_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? START_FIRST.length : i;
    };
    const key = (f: TestSpecification, i: number) => [project.get(f.project.name) ?? 0, rank(f), i];
    return sorted
      .map((f, i) => ({ f, k: key(f, i) }))
      .sort((a, b) => a.k[0]! - b.k[0]! || a.k[1]! - b.k[1]! || a.k[2]! - b.k[2]!)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    reporters: reporters as never,
    sequence: { sequencer: LongestKnownFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/scripts/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          // Migrates one database per run; each file's database starts as a copy of it.
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Each file builds its own app on its own database (test/helper.ts) and none mocks a module, stubs a global
          // or fakes the timers (lint refuses them in these files), so a worker loads the API's modules once for all
          // its files instead of once per file: half the tier's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 5_000 } },
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          // Migrates one PGlite data directory per run; each site's starts as a copy of it.
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that waits on its server answers in well under a second on a quiet machine, in seconds on a busy
          // one: expect.poll waits up to 10 s (vitest's default is 1 s) before it fails.
          expect: { poll: { timeout: 10_000 } },
          // Each file has its own server and browser; most of a browser test is waiting on them, so two files at once.
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
