import type { Db } from '../db/database.ts';
import { playerTransaction } from '../db/player-lock.ts';

/**
 * Opens the one transaction a money-moving service commits its work in and returns what the work returns: the
 * data of the answer (plugins/idempotency.ts). Services call it once, as their last step.
 */
export type Commit = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

/**
 * The commit of a request without an idempotency key, and of callers outside HTTP: a transaction that locks the
 * player's row first (db/player-lock.ts, the one lock order), or a plain one when no player is named.
 */
export function inTransaction(db: Db, userId: number | null): Commit {
  if (userId === null) return (work) => db.transaction().execute(work);
  return (work) => playerTransaction(db, userId, (trx) => work(trx));
}
