import type { Db } from '../../db/database.ts';
import type { PayoutDetails, PayoutMethodRow, PayoutMethodType } from '../../db/tables-payouts.ts';

/** Ids are PostgreSQL integers; a larger number can name no row (and must not reach the database as an error). */
const MAX_ID = 2_147_483_647;

function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
}

export async function insertPayoutMethod(
  db: Db,
  method: { user_id: number; type: PayoutMethodType; details: PayoutDetails },
): Promise<PayoutMethodRow> {
  return db
    .insertInto('payout_methods')
    .values({ user_id: method.user_id, type: method.type, details: JSON.stringify(method.details) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's methods that are not deleted, newest first. */
export async function listActivePayoutMethods(db: Db, userId: number): Promise<PayoutMethodRow[]> {
  return db
    .selectFrom('payout_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * For withdrawals: the user's own, not deleted method `id`, or undefined (another user's id, a deleted or unknown
 * one, or an id out of range all look the same).
 */
export async function findActivePayoutMethod(db: Db, userId: number, id: number): Promise<PayoutMethodRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db
    .selectFrom('payout_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** For withdrawals ("bind a wallet, bank card, or PIX first") and the per-player limit. */
export async function countActivePayoutMethods(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payout_methods')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Soft-deletes the user's own active method; false when there is none such. */
export async function softDeletePayoutMethod(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  if (!isRowId(id)) return false;
  const res = await db
    .updateTable('payout_methods')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
