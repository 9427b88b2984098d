/**
 * Where SQL may be written in the API, checked by lint (`npm run check`):
 * - allowed in `*.repository.ts`, in `apps/api/src/db/**` (database, migrations, SQL functions, LISTEN/NOTIFY and
 *   advisory-lock plumbing) and in test code (`*.test.ts`, `apps/api/src/test/**`);
 * - everywhere else in `apps/api` it reports, with its line:
 *   - a Kysely query builder call: `.selectFrom(`, `.selectNoFrom(`, `.insertInto(`, `.replaceInto(`,
 *     `.updateTable(`, `.deleteFrom(`, `.mergeInto(`, `.with(`, `.withRecursive(`, `.executeQuery(`;
 *   - a driver's raw query: `.query(` (pg, PGlite);
 *   - raw SQL: the `sql` tagged template (`sql\`…\``, `sql<T>\`…\``) and its helpers (`sql.ref(…)`, `sql.raw(…)`, …),
 *     under any name `sql` is imported as;
 *   - a value imported from `kysely`, `pg` or `@electric-sql/pglite` (types are fine: `import type { Kysely }`).
 * What a service may still do with the database: pass `db`/`trx` to repository functions, and own the transaction
 * with `db.transaction().execute(async (trx) => …)` (`transaction()` and `execute` are not reported).
 */
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

const BUILDER_METHODS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'with',
  'withRecursive',
  'executeQuery',
  'query',
]);

const DRIVERS = /^(kysely|pg|@electric-sql\/pglite)(\/.*)?$/;

/** Whether a repository-relative path may hold SQL. */
export function sqlAllowed(rel) {
  if (!rel.startsWith('apps/api/')) return true;
  if (/\.repository\.ts$/.test(rel)) return true;
  if (rel.startsWith('apps/api/src/db/')) return true;
  if (/\.test\.ts$/.test(rel) || rel.startsWith('apps/api/src/test/')) return true;
  return false;
}

export default {
  rules: {
    'sql-placement': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          builder:
            "Query builder call '.{{name}}(' outside a repository: move the query to the module's *.repository.ts (or src/db/).",
          raw: "Raw SQL ('{{name}}') outside a repository: move it to the module's *.repository.ts (or src/db/).",
          driver:
            "Value import from '{{source}}' outside a repository: only *.repository.ts and src/db/ talk to the database (import types with `import type`).",
        },
      },
      create(context) {
        const rel = relative(root, context.filename).split(sep).join('/');
        if (sqlAllowed(rel)) return {};
        const sqlNames = new Set(['sql']);
        const isSql = (node) => node?.type === 'Identifier' && sqlNames.has(node.name);
        return {
          ImportDeclaration(node) {
            if (typeof node.source.value !== 'string' || !DRIVERS.test(node.source.value)) return;
            if (node.importKind === 'type') return;
            const values = node.specifiers.filter((s) => s.importKind !== 'type');
            for (const s of values) {
              if (s.type === 'ImportSpecifier' && s.imported.type === 'Identifier' && s.imported.name === 'sql') {
                sqlNames.add(s.local.name);
              }
            }
            if (values.length > 0 || node.specifiers.length === 0) {
              context.report({ node, messageId: 'driver', data: { source: node.source.value } });
            }
          },
          TaggedTemplateExpression(node) {
            const tag = node.tag.type === 'MemberExpression' ? node.tag.object : node.tag;
            if (isSql(tag)) context.report({ node, messageId: 'raw', data: { name: `${tag.name}\`…\`` } });
          },
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
            if (isSql(callee.object)) {
              context.report({
                node,
                messageId: 'raw',
                data: { name: `${callee.object.name}.${callee.property.name}` },
              });
            } else if (BUILDER_METHODS.has(callee.property.name)) {
              context.report({ node: callee.property, messageId: 'builder', data: { name: callee.property.name } });
            }
          },
        };
      },
    },
  },
};
