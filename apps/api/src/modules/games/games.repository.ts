import type { Db } from '../../db/database.ts';

export async function listGames(db: Db) {
  return db
    .selectFrom('games')
    .select(['id', 'code', 'name', 'image', 'family', 'category_id'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function listCategories(db: Db) {
  return db.selectFrom('game_categories').select(['id', 'code', 'name']).orderBy('sort').orderBy('id').execute();
}
