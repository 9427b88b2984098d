import { defineConfig } from 'vitest/config';

// Three tiers: unit tests beside the code (component tests, *.test.tsx, ask for happy-dom in their first line),
// integration tests on a real database (PGlite by default, PostgreSQL when DATABASE_URL is set), and browser tests in
// e2e/ against the built site in system Chromium.
// Under CI each run also writes a JSON report, which .ci/run sums into one closing line.
const reporters = process.env.CI
  ? ['default', ['json', { outputFile: `reports/vitest-${process.pid}-${Date.now()}.json` }]]
  : ['default'];

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
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          // Migrates one database per run; each file's database starts as a copy of it.
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
