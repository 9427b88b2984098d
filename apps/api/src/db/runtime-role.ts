import { sql } from 'kysely';
import type { Db } from './database.ts';
import { createDb } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** The role a PostgreSQL connection string logs in as (percent-decoded). */
export function roleOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).username);
}

/** Gives `runtimeRole` the privileges the API needs and no more (migration 0017's fd_grant_runtime). */
export async function grantRuntime(ownerDb: Db, runtimeRole: string): Promise<void> {
  await sql`select fd_grant_runtime(${runtimeRole})`.execute(ownerDb);
}

/**
 * Two roles (MIGRATION_DATABASE_URL set): connects as the owner, migrates, grants the runtime role (DATABASE_URL's
 * user) what it needs, and disconnects; the app itself never holds the owner's connection.
 */
export async function migrateAsOwner(migrationDatabaseUrl: string, runtimeRole: string): Promise<string[]> {
  const owner = createDb({ databaseUrl: migrationDatabaseUrl, dataDir: 'memory://' });
  try {
    const applied = await migrateToLatest(owner);
    await grantRuntime(owner, runtimeRole);
    return applied;
  } finally {
    await owner.destroy();
  }
}

/** Migrates the database the app uses: as the owner when two roles are configured, else over the app's own `db`. */
export async function migrateFor(
  config: { databaseUrl: string | undefined; migrationDatabaseUrl: string | undefined },
  db: Db,
): Promise<string[]> {
  if (config.migrationDatabaseUrl && config.databaseUrl)
    return migrateAsOwner(config.migrationDatabaseUrl, roleOf(config.databaseUrl));
  return migrateToLatest(db);
}
