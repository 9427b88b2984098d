import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import type { Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps SQL in repositories (eslint-rules/sql-placement.js), run on small sources as if they
// were files of the API, and the repository's own lint configuration, which must apply it to the API.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const { default: plugin } = (await import(pathToFileURL(resolve(ROOT, 'eslint-rules/sql-placement.js')).href)) as {
  default: { rules: Record<string, Rule.RuleModule> };
};
const rule = plugin.rules['sql-placement'] as Rule.RuleModule;

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (path: string) => resolve(ROOT, path);

const SERVICE = at('apps/api/src/modules/orders/orders.service.ts');

tester.run('sql-placement', rule, {
  valid: [
    // Repositories, src/db and tests may hold SQL.
    {
      filename: at('apps/api/src/modules/orders/orders.repository.ts'),
      code: "import { sql } from 'kysely';\nexport const f = (db) => db.selectFrom('orders').selectAll().execute();\nexport const g = (db) => sql`select 1`.execute(db);",
    },
    {
      filename: at('apps/api/src/db/migrations/2030_01_01_0001_orders.ts'),
      code: "import { sql } from 'kysely';\nexport const up = (db) => sql`create table orders ()`.execute(db);",
    },
    {
      filename: at('apps/api/src/modules/orders/orders.int.test.ts'),
      code: "await db.deleteFrom('orders').execute();",
    },
    { filename: at('apps/api/src/test/orders-helper.ts'), code: "await client.query('select 1');" },
    // Outside the API the rule has nothing to say.
    { filename: at('bench/orders.ts'), code: "await db.selectFrom('orders').execute();" },
    // A service calls repositories, owns its transaction and imports types only.
    {
      filename: SERVICE,
      code: [
        "import type { Kysely, Transaction } from 'kysely';",
        "import { type RawBuilder } from 'kysely';",
        "import * as repo from './orders.repository.ts';",
        'export const place = (db) => db.transaction().execute((trx) => repo.insertOrder(trx, 1));',
        "export const name = (sql) => 'orders';",
      ].join('\n'),
    },
  ],
  invalid: [
    {
      filename: SERVICE,
      code: "export const f = (db) =>\n  db\n    .selectFrom('orders')\n    .selectAll()\n    .execute();",
      errors: [{ messageId: 'builder', data: { name: 'selectFrom' }, line: 3 }],
    },
    {
      filename: SERVICE,
      code: [
        "export const a = (db) => db.insertInto('orders').values({}).execute();",
        "export const b = (trx) => trx.updateTable('orders').set({}).execute();",
        "export const c = (db) => db.deleteFrom('orders').execute();",
        "export const d = (db) => db.with('x', (q) => q).selectNoFrom([]).execute();",
        "export const e = (client) => client.query('listen x');",
      ].join('\n'),
      errors: [
        { messageId: 'builder', data: { name: 'insertInto' }, line: 1 },
        { messageId: 'builder', data: { name: 'updateTable' }, line: 2 },
        { messageId: 'builder', data: { name: 'deleteFrom' }, line: 3 },
        { messageId: 'builder', data: { name: 'with' }, line: 4 },
        { messageId: 'builder', data: { name: 'selectNoFrom' }, line: 4 },
        { messageId: 'builder', data: { name: 'query' }, line: 5 },
      ],
    },
    {
      // Raw SQL: the tag with or without a type argument, its helpers, under another name too.
      filename: at('apps/api/src/modules/health/health.routes.ts'),
      code: [
        "import { sql, sql as q } from 'kysely';",
        'await sql`select 1`.execute(db);',
        'await sql<{ n: number }>`select 1 as n`.execute(db);',
        "const r = sql.ref('x.amount');",
        'await q`select 2`.execute(db);',
      ].join('\n'),
      errors: [
        { messageId: 'driver', line: 1 },
        { messageId: 'raw', line: 2 },
        { messageId: 'raw', line: 3 },
        { messageId: 'raw', data: { name: 'sql.ref' }, line: 4 },
        { messageId: 'raw', line: 5 },
      ],
    },
    {
      // A driver in a plugin or lib/ file (their plumbing belongs in src/db/).
      filename: at('apps/api/src/lib/listener.ts'),
      code: "import pg from 'pg';\nimport { PGlite } from '@electric-sql/pglite';",
      errors: [
        { messageId: 'driver', data: { source: 'pg' }, line: 1 },
        { messageId: 'driver', data: { source: '@electric-sql/pglite' }, line: 2 },
      ],
    },
  ],
});

describe("the repository's lint configuration (npm run check runs `eslint .`)", () => {
  it('turns sql-placement on for every API source (the rule itself lets repositories, src/db and tests through)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      'apps/api/src/modules/draws/draws.service.ts',
      'apps/api/src/modules/health/health.routes.ts',
      'apps/api/src/plugins/idempotency.ts',
      'apps/api/src/lib/route-helpers.ts',
      'apps/api/src/modules/draws/periods.repository.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(at(file))) as { rules?: Record<string, unknown> };
      expect([file, config.rules?.['local/sql-placement']]).toEqual([file, [2]]);
    }
  });
});
