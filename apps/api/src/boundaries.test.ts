import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RuleTester } from 'eslint';
import type { Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

// The lint rule that keeps the API's parts apart (eslint-rules/boundaries.js), run on one-line sources as if they
// were files of the API: modules, plugins and db/ reach a module through its service, and only routes use plugins.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const { default: plugin } = (await import(pathToFileURL(resolve(ROOT, 'eslint-rules/boundaries.js')).href)) as {
  default: { rules: Record<string, Rule.RuleModule> };
};
const rule = plugin.rules.boundaries as Rule.RuleModule;

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (path: string) => resolve(ROOT, path);

tester.run('boundaries', rule, {
  valid: [
    { filename: at('apps/api/src/modules/orders/orders.routes.ts'), code: "import x from '../../plugins/auth.ts';" },
    { filename: at('apps/api/src/modules/orders/orders.service.ts'), code: "import x from '../../lib/commit.ts';" },
    { filename: at('apps/api/src/plugins/auth.ts'), code: "import x from '../modules/auth/auth.service.ts';" },
    { filename: at('apps/api/src/db/seed.ts'), code: "import x from '../modules/draws/draws.seed.ts';" },
    { filename: at('apps/api/src/plugins/idempotency.ts'), code: "import x from './errors.ts';" },
    { filename: at('apps/api/src/modules/orders/orders.int.test.ts'), code: "import x from '../../plugins/auth.ts';" },
  ],
  invalid: [
    {
      filename: at('apps/api/src/modules/orders/orders.service.ts'),
      code: "import type { X } from '../../plugins/auth.ts';",
      errors: [{ messageId: 'plugin' }],
    },
    {
      filename: at('apps/api/src/modules/orders/orders.repository.ts'),
      code: "import x from '../../plugins/idempotency.ts';",
      errors: [{ messageId: 'plugin' }],
    },
    {
      filename: at('apps/api/src/lib/x.ts'),
      code: "import x from '../plugins/auth.ts';",
      errors: [{ messageId: 'plugin' }],
    },
    {
      filename: at('apps/api/src/db/x.ts'),
      code: "import x from '../plugins/jobs.ts';",
      errors: [{ messageId: 'plugin' }],
    },
    {
      filename: at('apps/api/src/plugins/auth.ts'),
      code: "import x from '../modules/auth/auth.repository.ts';",
      errors: [{ messageId: 'module' }],
    },
    {
      filename: at('apps/api/src/db/seed.ts'),
      code: "import x from '../modules/recharge/recharge.repository.ts';",
      errors: [{ messageId: 'module' }],
    },
    {
      filename: at('apps/api/src/modules/orders/orders.service.ts'),
      code: "import x from '../bets/bets.repository.ts';",
      errors: [{ messageId: 'module' }],
    },
  ],
});
