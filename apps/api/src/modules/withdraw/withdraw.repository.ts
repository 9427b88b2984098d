import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { WithdrawalStatus } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type { WithdrawalRow, WithdrawalsTable } from '../../db/tables-withdrawals.ts';

export type { WithdrawalRow } from '../../db/tables-withdrawals.ts';
import type { PayoutMethodRow } from '../../db/tables-payouts.ts';

/** A withdrawal with its player and the payout method it pays to (kept even after the player deletes it). */
export type WithdrawalWithUser = WithdrawalRow & {
  account: string;
  nickname: string;
  method_type: PayoutMethodRow['type'];
  method_details: PayoutMethodRow['details'];
  method_created_at: Date;
};

/** Ids are PostgreSQL integers; a larger number names no row (and must not reach the database as an error). */
const MAX_ID = 2_147_483_647;
const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;

export async function insertWithdrawal(trx: Db, values: Insertable<WithdrawalsTable>): Promise<WithdrawalRow> {
  return trx.insertInto('withdrawals').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findWithdrawal(db: Db, id: number): Promise<WithdrawalWithUser | undefined> {
  if (!isRowId(id)) return undefined;
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('payout_methods as pm', 'pm.id', 'w.payout_method_id')
    .selectAll('w')
    .select(['u.account', 'u.nickname'])
    .select(['pm.type as method_type', 'pm.details as method_details', 'pm.created_at as method_created_at'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

/** Locks the withdrawal row until the transaction ends: decisions on one withdrawal run one at a time. */
export async function lockWithdrawal(trx: Db, id: number): Promise<WithdrawalRow | undefined> {
  if (!isRowId(id)) return undefined;
  return trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideWithdrawal(
  trx: Db,
  id: number,
  values: Pick<Updateable<WithdrawalsTable>, 'status' | 'reason' | 'decided_at' | 'decided_by'>,
): Promise<void> {
  await trx.updateTable('withdrawals').set(values).where('id', '=', id).execute();
}

/** One page (+1 row, to tell whether there is more) of the user's withdrawals, newest first. */
export async function listUserWithdrawals(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

/** The operator's queue by status; `q` matches the account, the nickname, or the payout's holder, alias or address. */
export async function listWithdrawalsForOperator(
  db: Db,
  status: WithdrawalStatus,
  q: string | undefined,
  page: number,
  limit: number,
): Promise<WithdrawalWithUser[]> {
  let query = db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('payout_methods as pm', 'pm.id', 'w.payout_method_id')
    .selectAll('w')
    .select(['u.account', 'u.nickname'])
    .select(['pm.type as method_type', 'pm.details as method_details', 'pm.created_at as method_created_at'])
    .where('w.status', '=', status);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.account', 'ilike', pattern),
        eb('u.nickname', 'ilike', pattern),
        eb(sql<string>`w.payout->>'name'`, 'ilike', pattern),
        eb(sql<string>`w.payout->>'alias'`, 'ilike', pattern),
        eb(sql<string>`w.payout->>'address'`, 'ilike', pattern),
      ]),
    );
  }
  return query
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}
