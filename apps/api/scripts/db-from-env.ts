import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import { migrateFor } from '../src/db/runtime-role.ts';

/**
 * The database the server would use (DATABASE_URL, else PGlite under DATA_DIR), migrated to the latest schema (by
 * the owner when MIGRATION_DATABASE_URL is set, as the server does).
 */
export async function openDbFromEnv(env: Record<string, string | undefined> = process.env): Promise<Db> {
  const config = loadConfig(env);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateFor(config, db);
  return db;
}
