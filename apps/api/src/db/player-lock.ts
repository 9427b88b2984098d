import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * THE lock of a user's row, and the one order it is taken in (modules/ledger/README.md "Lock order"): a transaction
 * that touches a player takes his `users` row FIRST, before it claims an idempotency key, inserts a row that refers
 * to him or locks his wallet. Every such transaction opens through `playerTransaction` (or the idempotency plugin's
 * `commit`, which calls it), so the order holds by construction; no other code locks a `users` row
 * (db/player-lock.test.ts reads the sources).
 *
 * The mode is FOR NO KEY UPDATE, the lock an UPDATE of the row's non-key columns (frozen_at, password hashes,
 * avatar) takes anyway: it serialises one player's transactions with each other and with an operator's change of
 * his row, but it does not conflict with the FOR KEY SHARE lock that PostgreSQL takes on the row for every INSERT
 * of a row referring to it (an idempotency key, a deposit, a withdrawal…). FOR UPDATE did: two transactions of one
 * player that had each inserted such a row (each holding KEY SHARE) and then asked for FOR UPDATE waited for each
 * other — "deadlock detected". The bet batch takes the same rows FOR SHARE, also first (bets/slip-batch.repository.ts).
 */
export type LockedUser = { id: number; role: string; frozen_at: Date | null; avatar: string };

/** Locks one user's row (FOR NO KEY UPDATE) until the transaction ends; undefined if there is no such user. */
export async function lockUserRow(trx: Db, userId: number): Promise<LockedUser | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'role', 'frozen_at', 'avatar'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The same, found by account (case-insensitive): an operator's account being created or reset. */
export async function lockUserRowByAccount(trx: Db, account: string): Promise<LockedUser | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'role', 'frozen_at', 'avatar'])
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * A transaction that touches one player: his row is locked first (lockUserRow), then `work` runs with it. A user
 * that does not exist throws (the session named him, so it is a bug).
 *
 * One player's transactions also queue in this process before they open: twenty requests of his at once would
 * otherwise take every pooled connection only to wait on his row, and other players' requests would wait for a
 * connection meanwhile (measured: their p95 fell from hundreds of ms to about 30 ms). Across processes the row lock
 * alone orders them. `work` must not open another playerTransaction for the same player (it would wait for itself):
 * it has the transaction it needs.
 */
export function playerTransaction<T>(
  db: Db,
  userId: number,
  work: (trx: Db, user: LockedUser) => Promise<T>,
): Promise<T> {
  let users = queues.get(db);
  if (!users) {
    users = new Map<number, Promise<unknown>>();
    queues.set(db, users);
  }
  const byUser = users;
  const run = (byUser.get(userId) ?? Promise.resolve()).then(() =>
    db.transaction().execute(async (trx) => {
      const user = await lockUserRow(trx, userId);
      if (!user) throw new Error(`user ${userId} not found`);
      return work(trx, user);
    }),
  );
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  byUser.set(userId, settled);
  void settled.then(() => {
    if (byUser.get(userId) === settled) byUser.delete(userId);
  });
  return run;
}

/** Per database and player, the end of the last transaction this process queued for him. */
const queues = new WeakMap<Db, Map<number, Promise<unknown>>>();
