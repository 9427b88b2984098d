import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateFor } from './db/runtime-role.ts';
import { seed } from './db/seed.ts';
import { ensureFirstOperator } from './modules/operators/operators.service.ts';

const config = loadConfig(process.env);
const app = await buildApp(config);

try {
  // With MIGRATION_DATABASE_URL, the owner migrates and grants; everything after runs as the runtime role (seeding
  // included: its rows are ordinary data).
  const applied = await migrateFor(config, app.db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  await seed(app.db, { operator: config.operator, timeZone: config.businessTimeZone });
  if (!config.operator) {
    // No OPERATOR_ACCOUNT/OPERATOR_PASSWORD and no operator yet: make one with a random password, shown this once.
    const first = await ensureFirstOperator(app.db);
    if (first) {
      console.log(
        `\n*** First start: created operator account "${first.account}" with password: ${first.password}\n` +
          '*** It is shown only this once. Change it with: npm run operator:create -w apps/api -- --account operator --password NEW\n',
      );
    }
  }
  const address = await app.listen({ port: config.port, host: config.host });
  // performance.now() counts from the start of the process: this is the cold start, runtime boot included.
  app.log.info(
    {
      coldStartMs: Math.round(performance.now()),
      database: config.databaseUrl ? 'postgresql' : 'pglite',
      roles: config.migrationDatabaseUrl ? 'owner and runtime' : 'one',
    },
    `listening on ${address}`,
  );
  // The draw scheduler (modules/draws/runner.ts): catches up, then creates, opens, seals and draws periods; stopped
  // by app.close() below.
  app.startDrawScheduler();
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
