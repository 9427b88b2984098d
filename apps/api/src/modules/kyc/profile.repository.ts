import type { Db } from '../../db/database.ts';

export async function updateProfile(db: Db, userId: number, values: { nickname?: string; avatar?: string }) {
  return db
    .updateTable('users')
    .set(values)
    .where('id', '=', userId)
    .returning(['nickname', 'avatar'])
    .executeTakeFirstOrThrow();
}
