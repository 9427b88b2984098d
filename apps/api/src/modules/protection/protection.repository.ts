import type { Db } from '../../db/database.ts';
import type { SelfExclusionRow } from '../../db/tables-protection.ts';
import type { ExclusionKind } from '@fairdraw/domain';

/** The breaks of these players still running at `now` (ends_at after it), any order. */
export async function listRunning(db: Db, userIds: readonly number[], now: Date): Promise<SelfExclusionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('self_exclusions')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .where('ends_at', '>', now)
    .execute();
}

/** Appends one break; rows are never updated or deleted (migration 0009). */
export async function insertExclusion(
  db: Db,
  values: { user_id: number; kind: ExclusionKind; starts_at: Date; ends_at: Date },
): Promise<SelfExclusionRow> {
  return db.insertInto('self_exclusions').values(values).returningAll().executeTakeFirstOrThrow();
}
