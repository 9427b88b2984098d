import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** The database the server would use (DATABASE_URL, else PGlite under DATA_DIR), migrated to the latest schema. */
export async function openDbFromEnv(env: Record<string, string | undefined> = process.env): Promise<Db> {
  const config = loadConfig(env);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  return db;
}
