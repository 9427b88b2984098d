import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import boundaries from './eslint-rules/boundaries.js';
import sqlPlacement from './eslint-rules/sql-placement.js';

const local = { rules: { ...boundaries.rules, ...sqlPlacement.rules } };

/** What the domain never imports: I/O, a database, a framework. */
const DOMAIN_NO_IO = [
  'node:fs',
  'node:fs/promises',
  'node:net',
  'node:http',
  'node:https',
  'node:child_process',
  'pg',
  'kysely',
  'react',
];
const DOMAIN_NO_API = [
  {
    group: ['fastify', 'fastify-*', '@fastify/*', '@electric-sql/*', '@fairdraw/contract'],
    message: 'The domain does no I/O and knows no API.',
  },
];
const NODE_BUILTIN = 'The domain runs in the browser too: no Node built-ins (hashes: @noble/hashes).';

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
    // SQL lives in repositories (eslint-rules/sql-placement.js): no query builder, raw SQL or driver outside
    // *.repository.ts, src/db/ and tests; services own transactions and call repositories.
    files: ['apps/api/**/*.ts'],
    plugins: { local },
    rules: { 'local/sql-placement': 'error' },
  },
  {
    // The domain is pure: no I/O, no framework, no database (the clock and randomness come in as arguments).
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: DOMAIN_NO_IO, patterns: DOMAIN_NO_API }] },
  },
  {
    // …and its sources run in a browser too (a player's browser verifies a draw with them): no Node built-in at all,
    // `node:`-prefixed or bare (`crypto`, `fs`, `buffer`…). Hashes come from @noble/hashes. Tests and scripts run on
    // Node only.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...DOMAIN_NO_IO,
            ...builtinModules
              .filter((name) => !name.startsWith('_') && !DOMAIN_NO_IO.includes(name))
              .map((name) => ({ name, message: NODE_BUILTIN })),
          ],
          patterns: [...DOMAIN_NO_API, { group: ['node:*'], message: NODE_BUILTIN }],
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
  {
    // Paths from one list: links and navigations name a path from lib/paths.ts (PATHS, withQuery), never a literal.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/paths.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...pathLiteralRules()] },
  },
  {
    // Integration files share their worker's modules (vitest.config.ts: isolate false): none may mock a module, stub a
    // global or the environment, or fake the timers, which would leak into the next file. They move the app's clock.
    files: ['**/*.int.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Integration files share their worker (isolate: false): move the app clock or build an app instead.',
        })),
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);

/** A path written by hand where a route is meant: `to="/x"`, `href={`/x?…`}`, `navigate('/x')`, `{ to: '/x' }`. */
function pathLiteralRules() {
  const message = 'Take the path from lib/paths.ts (PATHS, withQuery), not a string.';
  const literal = 'Literal[value=/^\\//]';
  const template = 'TemplateLiteral[quasis.0.value.raw=/^\\//]';
  const jsx = 'JSXAttribute[name.name=/^(to|href|[a-zA-Z]+Href)$/]';
  const call = 'CallExpression[callee.name=/^(navigate|navigateTo)$/]';
  const prop = 'Property[key.name=/^(to|href|path)$/]';
  const where = [
    `${jsx} > `,
    `${jsx} > JSXExpressionContainer > `,
    `${jsx} > JSXExpressionContainer > ConditionalExpression > `,
    `${call} > `,
    `${call} > ConditionalExpression > `,
    `${prop} > `,
    `${prop} > ConditionalExpression > `,
  ];
  return where.flatMap((w) => [literal, template].map((x) => ({ selector: w + x, message })));
}
