/**
 * Once per run of the browser tier: migrate one PGlite data directory, which every site's data directory then starts
 * as a copy of (harness.ts startSite), instead of each server running every migration again at its start (seconds of
 * CPU per file). The server still migrates at its start as always: on the copy there is nothing left to apply. The
 * seed is not in it: each server seeds its own, at its own time and with its own operator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { PGLITE_TEMPLATE_ENV } from './harness.ts';

export default async function setup(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'fd-e2e-template-'));
  const dir = join(root, 'data');
  const db = createDb({ databaseUrl: undefined, dataDir: dir });
  await migrateToLatest(db);
  await db.destroy();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => rmSync(root, { recursive: true, force: true });
}
