import type { Db } from '../../db/database.ts';
import type { PromotionRow } from '../../db/tables-content.ts';

/** One page of the promotions live at `now` (enabled, started, not ended), by order then newest; one row more. */
export async function livePage(db: Db, now: Date, page: number, limit: number): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('sort')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

export async function liveById(db: Db, id: number, now: Date): Promise<PromotionRow | undefined> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .executeTakeFirst();
}

/** Every promotion (the console's list), newest end first; one row more. */
export async function allPage(db: Db, page: number, limit: number): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .orderBy('ends_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

export async function lock(trx: Db, id: number): Promise<PromotionRow | undefined> {
  return trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What an operator sets of a promotion: every column but the id and the timestamps. */
export type PromotionValues = Omit<PromotionRow, 'id' | 'created_at' | 'updated_at'>;

const row = (v: PromotionValues, now: Date) => ({
  ...v,
  title: JSON.stringify(v.title),
  body: JSON.stringify(v.body),
  updated_at: now,
});

export async function insert(trx: Db, v: PromotionValues, now: Date): Promise<PromotionRow> {
  return trx
    .insertInto('promotions')
    .values({ ...row(v, now), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function update(trx: Db, id: number, v: PromotionValues, now: Date): Promise<PromotionRow> {
  return trx.updateTable('promotions').set(row(v, now)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function remove(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('promotions').where('id', '=', id).execute();
}
