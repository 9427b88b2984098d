import type { Db } from '../../db/database.ts';

export async function updateProfile(db: Db, userId: number, values: { nickname?: string; avatar?: string }) {
  return db
    .updateTable('users')
    .set(values)
    .where('id', '=', userId)
    .returning(['nickname', 'avatar'])
    .executeTakeFirstOrThrow();
}

/** The player's avatar URL, the row locked until the caller's transaction ends (an upload replaces it). */
export async function lockAvatar(trx: Db, userId: number): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('avatar')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.avatar;
}
