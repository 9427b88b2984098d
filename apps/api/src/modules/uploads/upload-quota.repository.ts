import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What a player has stored on a business day ('YYYY-MM-DD'): zeros when nothing yet. */
export async function usedOn(db: Db, userId: number, day: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('upload_quota_days')
    .select(['files', 'bytes'])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/**
 * Adds `files` and `bytes` to the player's day if the sums stay within the maxima; true when added. One statement:
 * the row's lock (or the insert's conflict) orders parallel uploads of one player, so each sees the others' sums.
 */
export async function addWithin(
  trx: Db,
  userId: number,
  day: string,
  add: { files: number; bytes: number },
  max: { files: number; bytes: number },
): Promise<boolean> {
  if (add.files > max.files || add.bytes > max.bytes) return false;
  const { rows } = await sql<{ files: number }>`
    insert into upload_quota_days as q (user_id, day, files, bytes)
    values (${userId}, ${day}, ${add.files}, ${add.bytes})
    on conflict (user_id, day) do update
      set files = q.files + excluded.files, bytes = q.bytes + excluded.bytes
      where q.files + excluded.files <= ${max.files} and q.bytes + excluded.bytes <= ${max.bytes}
    returning q.files`.execute(trx);
  return rows.length === 1;
}
