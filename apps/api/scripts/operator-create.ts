/**
 * `npm run operator:create -w apps/api -- --account NAME --password PASSWORD`: creates an operator (or sets a new
 * password for an existing operator) in the database the server uses: DATABASE_URL, else PGlite under DATA_DIR
 * (stop the site first: PGlite allows one process at a time).
 */
import { parseArgs } from 'node:util';
import { createOperator, OperatorError } from '../src/modules/operators/operators.service.ts';
import { openDbFromEnv } from './db-from-env.ts';

const { values } = parseArgs({
  options: { account: { type: 'string' }, password: { type: 'string' } },
  strict: true,
});
if (!values.account || !values.password) {
  console.error('usage: npm run operator:create -w apps/api -- --account NAME --password PASSWORD');
  process.exit(2);
}
const db = await openDbFromEnv();
try {
  // A command run by hand, outside the app: its clock is the machine's.
  const result = await createOperator(db, values.account, values.password, new Date());
  console.log(`operator ${values.account.trim()} ${result}`);
} catch (err) {
  if (!(err instanceof OperatorError)) throw err;
  console.error(`operator:create: ${err.message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
