import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { BuildOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Config } from '../config.ts';
import { migrateFor } from '../db/runtime-role.ts';
import { ledgerCheck } from '../modules/ledger/ledger.service.ts';
import { seed } from '../db/seed.ts';
import { ensureProviderSecrets, providers } from '../modules/payments/payments.service.ts';
import { pgliteTemplate, postgresTemplate } from './template.ts';

/** Two roles (option `twoRoles`): the owner that migrated and the runtime role the app runs as, with their URLs. */
export type TestRoles = { owner: string; runtime: string; ownerUrl: string; runtimeUrl: string };

export type TestApp = { app: FastifyInstance; config: Config; close: () => Promise<void>; roles?: TestRoles };

/** A folder with no index.html: API tests never depend on the web build. */
export const NO_WEB_DIST = mkdtempSync(join(tmpdir(), 'fd-noweb-'));

/**
 * Builds the real app on a database of its own: in-memory PGlite by default; with DATABASE_URL, a fresh database
 * fd_test_<random> on that server, dropped afterwards, so test files never see each other's data.
 */
/**
 * `ledgerCheckOnClose` (default true): closing the app first runs the ledger check (docs/trust.md 3) and fails the test
 * file if any transaction is unbalanced or any cached balance differs from its postings — so every scenario of
 * every file ends with the invariants proven. Only a test that corrupts the ledger on purpose turns it off.
 */
/**
 * `now`: the app's clock stands at this instant from the start (before the seed), as `app.setClock` would set it; a
 * file whose scenario happens at a fixed date mints its sessions there, so they are not expired by then.
 */
/**
 * `twoRoles` (PostgreSQL only, docs/trust.md 4): the database is owned by a fresh owner role fd_owner_<random>, which
 * migrates it (MIGRATION_DATABASE_URL), and the app runs as a fresh runtime role fd_runtime_<random>
 * (DATABASE_URL), as server.ts does; both roles are dropped with the database.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  {
    ledgerCheckOnClose = true,
    twoRoles = false,
    onQuery,
    now,
    logger,
  }: {
    ledgerCheckOnClose?: boolean;
    twoRoles?: boolean;
    onQuery?: (sql: string) => void;
    now?: Date;
    /** The app's logger (a test that reads the log passes a level and a stream); silent by default. */
    logger?: BuildOptions['logger'];
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  let roles: TestRoles | undefined;
  if (twoRoles && !serverUrl) throw new Error('twoRoles needs DATABASE_URL (a PostgreSQL server)');
  if (serverUrl) {
    const suffix = randomBytes(6).toString('hex');
    dbName = `fd_test_${suffix}`;
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    if (twoRoles) {
      const as = (user: string) => {
        const u = new URL(url);
        u.username = user;
        u.password = '';
        return u.toString();
      };
      const owner = `fd_owner_${suffix}`;
      const runtime = `fd_runtime_${suffix}`;
      await client.query(`create role ${owner} login`);
      await client.query(`create role ${runtime} login`);
      await client.query(`create database ${dbName} owner ${owner}`);
      roles = { owner, runtime, ownerUrl: as(owner), runtimeUrl: as(runtime) };
      databaseUrl = roles.runtimeUrl;
    } else {
      // A copy of the database the tier's global setup migrated (global-setup.ts), when there is one.
      const template = postgresTemplate();
      await client.query(`create database ${dbName}${template ? ` template ${template}` : ''}`);
    }
    await client.end();
  }
  const config = loadConfig({
    DATA_DIR: 'memory://',
    WEB_DIST: NO_WEB_DIST,
    LOG_LEVEL: 'silent',
    // Generous budgets by default; the rate-limit tests set their own.
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Race tests open hundreds of sockets from one address; the connection tests set their own cap.
    MAX_CONNECTIONS_PER_IP: '0',
    // Tests change Home's content (banners, settled wins) and read it back at once; the Home cache tests set their own.
    HOME_CACHE_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(roles ? { MIGRATION_DATABASE_URL: roles.ownerUrl } : {}),
    ...env,
  });
  // Only a throw-away database starts as the copy; a file that names its own DATA_DIR reopens what is there.
  const template = serverUrl || config.dataDir !== 'memory://' ? undefined : pgliteTemplate();
  const app = await buildApp(config, {
    ...(onQuery ? { onQuery } : {}),
    ...(logger ? { logger } : {}),
    ...(template ? { pgliteTemplate: template } : {}),
  });
  // A file that lives at a fixed instant starts there: its seed, sessions and login counts belong to that time.
  if (now) app.setClock(() => now);
  await migrateFor(config, app.db);
  await seed(app.db, {
    now: app.clock(),
    operator: config.operator,
    timeZone: config.businessTimeZone,
    currency: config.currency,
  });
  // As server.ts does at start: webhook secrets not in the environment exist before the first request.
  await ensureProviderSecrets(app.db, providers(config));
  await app.ready();
  return {
    app,
    config,
    ...(roles ? { roles } : {}),
    close: async () => {
      const report = ledgerCheckOnClose ? await ledgerCheck(app.db) : null;
      await app.close();
      if (serverUrl && dbName) {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        // pg's pool.end() resolves before its clients' sockets have closed; a forced drop would kill them mid-close
        // and their error event would surface as an unhandled error. Wait (briefly) until they are gone.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [dbName],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${dbName} with (force)`);
        // Their privileges went with the database; they own nothing else.
        if (roles) for (const role of [roles.runtime, roles.owner]) await client.query(`drop role if exists ${role}`);
        await client.end();
      }
      if (report && !report.ok) throw new Error(`The ledger check failed after this file: ${JSON.stringify(report)}`);
    },
  };
}

type Json = Record<string, unknown>;

export type CallOptions = { headers?: Record<string, string>; body?: unknown; rawBody?: string; ip?: string };

/** app.inject with JSON in and out. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let payload: string | undefined;
  if (opts.rawBody !== undefined) payload = opts.rawBody;
  else if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  let json: Json = {};
  try {
    json = res.json<Json>();
  } catch {
    // not JSON (HTML, metrics)
  }
  return { status: res.statusCode, headers: res.headers, body: json, text: res.body };
}

let counter = 0;
/** A unique valid account name. */
export function newAccount(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`.slice(0, 20);
}

export async function registerPlayer(app: FastifyInstance, account = newAccount(), password = 'secret123') {
  const res = await call(app, 'POST', '/api/user/register', {
    body: { account, password, confirm_password: password, adult: true },
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.text}`);
  const data = res.body.data as { token: string };
  return { account, password, token: data.token };
}

export async function countRows(app: FastifyInstance, table: 'users' | 'sessions' | 'login_attempts'): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
