import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  test: {
    reporters: reporters as never,
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
