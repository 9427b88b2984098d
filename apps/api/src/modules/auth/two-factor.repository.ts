import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type TotpRow = { secret_enc: string; enabled_at: Date | null; last_step: number | null };

export async function findTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  return db
    .selectFrom('user_totp')
    .select(['secret_enc', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores a new key waiting for its first code; replaces a waiting one, never one that is on. True when stored. */
export async function putPendingTotp(db: Db, userId: number, secretEnc: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret_enc: secretEnc, created_at: now, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_enc: secretEnc, created_at: now, last_step: null })
        .where('user_totp.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Accepts a code of time step `step` once: records it as the last step if it is later than the last one accepted.
 * False when that step (or a later one) was accepted already (a replayed code).
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Turns the waiting key on; false when it is on already (two confirmations at once: one wins). */
export async function enableTotp(db: Db, userId: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ enabled_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Removes the key and the recovery codes. */
export async function deleteTotp(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses one recovery code (once: a used one is refused). True when it was unused and is now used. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertChallenge(
  db: Db,
  values: { user_id: number; token_hash: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({ ...values, used_at: null })
    .execute();
}

/** A challenge that is neither used nor expired at `now`. */
export async function findLiveChallenge(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('login_challenges')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses the challenge (once). False when it was used already. */
export async function useChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Forgets challenges that ended a day ago or more. */
export async function deleteOldChallenges(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
}

export async function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
