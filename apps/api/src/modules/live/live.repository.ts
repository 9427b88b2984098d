import type { Db } from '../../db/database.ts';

/** Of these sessions, the ones still active at `now` (not revoked, not expired). */
export async function activeSessionIds(db: Db, ids: readonly number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((r) => r.id));
}
