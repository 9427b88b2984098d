import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Resolves once the database answers a trivial query; rejects when it cannot. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
