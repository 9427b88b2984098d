/**
 * Once per run of the integration tier: migrate one database, then let every test file start from a copy of it
 * instead of running every migration again (buildTestApp). On PGlite the copy is a dump of the migrated data
 * directory, written to a file the workers read; on PostgreSQL it is a template database that CREATE DATABASE
 * copies. Files that need the migrations themselves (two roles, partial migrations) build their own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import { createDb } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { TEMPLATE_ENV } from './template.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `fd_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = createDb({ databaseUrl: url.toString(), dataDir: 'memory://' });
    await migrateToLatest(db);
    // CREATE DATABASE … TEMPLATE refuses a source that has a connection open.
    await db.destroy();
    process.env[TEMPLATE_ENV.postgres] = name;
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  const dir = mkdtempSync(join(tmpdir(), 'fd-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await db.destroy();
  process.env[TEMPLATE_ENV.pglite] = file;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}
