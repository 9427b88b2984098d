import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** An idempotency key as stored (plugins/idempotency.ts). */
export type KeyRow = {
  request_hash: string;
  status: 'in_flight' | 'done';
  response_status: number | null;
  response_body: unknown;
  response_text: string | null;
  bet_id: number | null;
};

export async function findKey(db: Db, userId: number, key: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response_status', 'response_body', 'response_text', 'bet_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Claims a key inside the caller's transaction; false if it is taken. A concurrent transaction that claimed the same
 * key first makes this INSERT wait on the primary key until it ends: committed → false, rolled back → claimed here.
 */
export async function claimKey(trx: Db, userId: number, key: string, hash: string): Promise<boolean> {
  const row = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash, status: 'in_flight', response_status: null })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the answer of a key claimed in the same transaction (claimKey); it commits with the work. */
export async function storeAnswer(trx: Db, userId: number, key: string, status: number, text: string): Promise<void> {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: status, response_text: text })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'in_flight')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error('idempotency: the answer of an unclaimed key');
}

/** Claims a key and stores its answer in one statement (a refusal); false if the key is taken. */
export async function recordAnswer(
  db: Db,
  userId: number,
  key: string,
  hash: string,
  status: number,
  text: string,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      request_hash: hash,
      status: 'done',
      response_status: status,
      response_text: text,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes up to `limit` keys older than `ageMs`, oldest first; returns how many. Age is measured on the database's
 * clock, the one that stamped created_at.
 */
export async function deleteKeysOlderThan(db: Db, ageMs: number, limit: number): Promise<number> {
  const result = await sql`
    delete from idempotency_keys where (user_id, key) in (
      select user_id, key from idempotency_keys
      where created_at < now() - make_interval(secs => ${ageMs / 1000})
      order by created_at limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Stores the exact text a bet's key was first answered with (the bet batch claims the key without it): one statement
 * for many keys. A key that has its text already keeps it.
 */
export async function storeTexts(
  db: Db,
  rows: readonly { userId: number; key: string; text: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update idempotency_keys k set response_text = v.text
      from unnest(${rows.map((r) => r.userId)}::int[], ${rows.map((r) => r.key)}::text[],
                  ${rows.map((r) => r.text)}::text[]) as v(user_id, key, text)
     where k.user_id = v.user_id and k.key = v.key and k.response_text is null`.execute(db);
}
