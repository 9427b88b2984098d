import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { ensureFirstOperator } from './modules/operators/operators.service.ts';
import { ensureProviderSecrets, providers } from './modules/payments/payments.service.ts';

const config = loadConfig(process.env);
const app = await buildApp(config);

try {
  const applied = await migrateToLatest(app.db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  await seed(app.db, { operator: config.operator, timeZone: config.businessTimeZone, currency: config.currency });
  // Webhook secrets not in the environment are generated now, once (decision 0007); the log names their source
  // only: operators read a generated secret in the console.
  app.log.info({ providers: await ensureProviderSecrets(app.db, providers(config)) }, 'payment provider secrets');
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
    { coldStartMs: Math.round(performance.now()), database: config.databaseUrl ? 'postgresql' : 'pglite' },
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
