/**
 * Where code may reach, checked by lint (`npm run check`):
 * - a web feature (apps/web/src/features/<name>/) imports nothing from another feature: what two features share
 *   lives in apps/web/src/lib or apps/web/src/components;
 * - an API module (apps/api/src/modules/<name>/) reaches another module only through that module's service
 *   (`*.service.ts`): never its repository, its routes or its other files;
 * - the API's plugins (apps/api/src/plugins/) and db/ reach a module the same way, through its service (db/seed.ts
 *   also through a module's `*.seed.ts`);
 * - only routes use plugins: a module's other files (services, repositories, helpers), lib/ and db/ import nothing
 *   from plugins/ (what services share with a plugin, such as the session's user or a commit, lives in lib/);
 * - the web imports nothing of the API;
 * - the web's shared code (apps/web/src/lib/, apps/web/src/components/) imports nothing from the app's shell
 *   (apps/web/src/app/): the layers point one way, app → features and console → components → lib;
 * - the operator console (apps/web/src/console/) is imported by nothing outside it but the router, which loads it
 *   lazily (a player never downloads it).
 * Tests are exempt: they may set up state through any module.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The web's top folder a repository-relative path is in (`app`, `lib`, `components`, `features`, `console`…), else null. */
const webLayer = (rel) => /^apps\/web\/src\/([^/]+)\//.exec(rel)?.[1] ?? null;
const SHARED = new Set(['lib', 'components']);
const ROUTER = 'apps/web/src/app/router.tsx';

/** [area, name, rest] of a repository-relative path inside a feature or a module, else null. */
function placeOf(path) {
  const rel = relative(root, path).split(sep).join('/');
  let m = /^apps\/web\/src\/features\/([^/]+)\/(.*)$/.exec(rel);
  if (m) return { area: 'feature', name: m[1], rest: m[2], rel };
  m = /^apps\/api\/src\/modules\/([^/]+)\/(.*)$/.exec(rel);
  if (m) return { area: 'module', name: m[1], rest: m[2], rel };
  m = /^apps\/api\/src\/(plugins|db|lib)\/(.*)$/.exec(rel);
  if (m) return { area: m[1], name: m[1], rest: m[2], rel };
  return { area: null, name: null, rest: null, rel };
}

export default {
  rules: {
    boundaries: {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          feature:
            "A feature does not import another feature ('{{target}}'): move what they share to lib/ or components/.",
          module: "Another module is reached through its service only ('{{target}}').",
          webApi: "The web does not import the API ('{{target}}').",
          plugin: "Only routes use plugins ('{{target}}'): what a service shares with a plugin lives in lib/ or db/.",
          upward:
            "lib/ and components/ import nothing from app/ ('{{target}}'): move what they need to lib/ (paths: lib/paths.ts).",
          console: "Only the router imports the console, lazily ('{{target}}'): share through lib/ or components/.",
        },
      },
      create(context) {
        const file = context.filename;
        if (/\.test\.tsx?$/.test(file)) return {};
        const from = placeOf(file);
        function check(node, source) {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = placeOf(resolve(dirname(file), source));
          if (from.rel.startsWith('apps/web/') && to.rel.startsWith('apps/api/')) {
            context.report({ node, messageId: 'webApi', data: { target: source } });
            return;
          }
          if (to.area === 'plugins' && from.area !== 'plugins') {
            const route = from.area === 'module' && /\.routes\.ts$/.test(from.rest);
            if (!route && ['module', 'lib', 'db'].includes(from.area))
              context.report({ node, messageId: 'plugin', data: { target: source } });
            return;
          }
          if ((from.area === 'plugins' || from.area === 'db') && to.area === 'module') {
            const allowed = from.area === 'db' ? /(^|\/)[^/]+\.(service|seed)\.ts$/ : /(^|\/)[^/]+\.service\.ts$/;
            if (!allowed.test(to.rest)) context.report({ node, messageId: 'module', data: { target: source } });
            return;
          }
          const fromLayer = webLayer(from.rel);
          const toLayer = webLayer(to.rel);
          if (SHARED.has(fromLayer) && toLayer === 'app') {
            context.report({ node, messageId: 'upward', data: { target: source } });
            return;
          }
          if (toLayer === 'console' && fromLayer !== 'console' && from.rel !== ROUTER) {
            context.report({ node, messageId: 'console', data: { target: source } });
            return;
          }
          if (!from.area || from.area !== to.area || from.name === to.name) return;
          if (from.area === 'feature') context.report({ node, messageId: 'feature', data: { target: source } });
          else if (!/(^|\/)[^/]+\.service\.ts$/.test(to.rest ?? ''))
            context.report({ node, messageId: 'module', data: { target: source } });
        }
        return {
          ImportDeclaration(node) {
            check(node, node.source.value);
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node, node.source.value);
          },
          ExportAllDeclaration(node) {
            check(node, node.source.value);
          },
          ImportExpression(node) {
            if (node.source.type === 'Literal') check(node, node.source.value);
          },
        };
      },
    },
  },
};
