import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateFor } from './db/runtime-role.ts';
import { seed } from './db/seed.ts';
import { missingNodeFlags } from './node-flags.ts';
import { OPERATOR_PASSWORD_FILE, ensureFirstOperator } from './modules/operators/operators.service.ts';
import { ensureProviderSecrets, providers } from './modules/payments/payments.service.ts';

const config = loadConfig(process.env);
const app = await buildApp(config);

try {
  // With MIGRATION_DATABASE_URL, the owner migrates and grants; everything after runs as the runtime role (seeding
  // included: its rows are ordinary data).
  const applied = await migrateFor(config, app.db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  await seed(app.db, {
    now: app.clock(),
    operator: config.operator,
    timeZone: config.businessTimeZone,
    currency: config.currency,
  });
  // Webhook secrets not in the environment are generated now, once (decision 0007); the log names their source
  // only: operators read a generated secret in the console.
  app.log.info({ providers: await ensureProviderSecrets(app.db, providers(config)) }, 'payment provider secrets');
  if (!config.operator) {
    // No OPERATOR_ACCOUNT/OPERATOR_PASSWORD: the first start makes an operator whose random password goes to a file
    // only the server's user can read, never to the log (README "Operators").
    const passwordFile = config.dataDir === 'memory://' ? undefined : resolve(config.dataDir, OPERATOR_PASSWORD_FILE);
    const first = await ensureFirstOperator(app.db, passwordFile, app.clock());
    if (first.kind === 'created') {
      app.log.warn(
        { account: first.account, passwordFile: first.passwordFile },
        `first start: created operator account "${first.account}"; its password is in ${first.passwordFile} ` +
          '(readable by this user only): log in, change it with npm run operator:create, then delete the file',
      );
    } else if (first.kind === 'file-exists') {
      app.log.error(
        { passwordFile: first.passwordFile },
        `no operator account yet, and ${first.passwordFile} already exists (it is never overwritten): move it away ` +
          'and restart, or set OPERATOR_ACCOUNT and OPERATOR_PASSWORD, or use npm run operator:create',
      );
    } else if (first.kind === 'no-file') {
      app.log.warn(
        'no operator account: with an in-memory DATA_DIR there is nowhere to keep a generated password; set ' +
          'OPERATOR_ACCOUNT and OPERATOR_PASSWORD, or use npm run operator:create',
      );
    }
  }
  const address = await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  if (config.metricsPort !== 0) {
    const metrics = await app.listenMetrics();
    const host = metrics.family === 'IPv6' ? `[${metrics.address}]` : metrics.address;
    app.log.info({ metrics: `http://${host}:${metrics.port}/metrics` }, 'metrics listening');
  }
  // performance.now() counts from the start of the process: this is the cold start, runtime boot included.
  app.log.info(
    {
      coldStartMs: Math.round(performance.now()),
      database: config.databaseUrl ? 'postgresql' : 'pglite',
      roles: config.migrationDatabaseUrl ? 'owner and runtime' : 'one',
    },
    `listening on ${address}`,
  );
  // Flags V8 reads only at the process's start (src/node-flags.ts): a start without them works, at a cost.
  const missing = missingNodeFlags(process.execArgv);
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      `started without ${missing.join(' ')}: after a quiet moment each request may cost a quarter more CPU ` +
        '(src/node-flags.ts); start with npm start, or give node the flags',
    );
  }
  // The draw scheduler (modules/draws/runner.ts): catches up, then creates, opens, seals and draws periods; and the
  // leader jobs' loop (lib/job-scheduler.ts): chases, rebates, the report summary, the key purge. Both are stopped by
  // app.close() below.
  app.startDrawScheduler();
  app.startLeaderJobs();
} catch (err) {
  app.log.fatal({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Close stops accepting connections, lets requests in flight finish, then runs onClose (the database).
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
