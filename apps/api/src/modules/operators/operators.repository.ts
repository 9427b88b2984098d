import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lockUserRowByAccount } from '../../db/player-lock.ts';

/** A user of that account (case-insensitive), locked until the transaction ends (db/player-lock.ts). */
export function lockUserByAccount(trx: Db, account: string) {
  return lockUserRowByAccount(trx, account);
}

/** Whether any user has that account (case-insensitive). */
export async function accountExists(trx: Db, account: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasswordHash(trx: Db, userId: number, hash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

export async function insertOperator(trx: Db, account: string, hash: string, avatar: string, now: Date): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      account,
      password_hash: hash,
      nickname: account,
      avatar,
      role: 'operator',
      is_guest: false,
      created_at: now,
    })
    .execute();
}

export async function anyOperatorExists(trx: Db): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('role', '=', 'operator').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises the first-operator check of instances starting together (held until the transaction ends). */
export async function lockFirstOperatorCheck(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('fairdraw.first_operator'))`.execute(trx);
}
