import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import local from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Draws and ids come from crypto only (docs/trust.md 12); the domain is pure and has no clock of its own.
    files: ['apps/api/**/*.ts', 'packages/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use node:crypto; draws come only from fd1.' },
      ],
    },
  },
  {
    // The API has one clock, app.clock() (plugins/clock.ts): services are handed "now", and tests move it. Durations
    // (metrics, timings) use performance.now().
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/plugins/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read "now" from app.clock() (plugins/clock.ts) in a route, and hand it to the service.',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Read "now" from app.clock() (plugins/clock.ts) in a route, and hand it to the service.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read "now" from app.clock() (plugins/clock.ts); for a duration use performance.now().',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Boundaries (eslint-rules/boundaries.js): features apart, modules through their services, the web apart from
    // the API.
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/boundaries': 'error' },
  },
  {
    // The domain is pure: no I/O, no framework, no database (the clock and randomness come in as arguments).
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'node:fs',
            'node:fs/promises',
            'node:net',
            'node:http',
            'node:https',
            'node:child_process',
            'pg',
            'kysely',
            'react',
          ],
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/*', '@electric-sql/*', '@fairdraw/contract'],
              message: 'The domain does no I/O and knows no API.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web takes the domain file by file (its package subpaths), never the whole package: the browser gets only
    // the rules it uses, and nothing that needs Node.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@fairdraw/domain', message: 'Import the one file you need: @fairdraw/domain/<file>.' }],
          patterns: [{ group: ['@fairdraw/api', '@fairdraw/api/*'], message: 'The web does not import the API.' }],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
