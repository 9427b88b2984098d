import { sql } from 'kysely';
import type { Db, NewUser, UserRow } from '../../db/database.ts';
import { lockUserRow } from '../../db/player-lock.ts';
import type { Role } from '@fairdraw/contract';

export async function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function insertSession(
  db: Db,
  session: { user_id: number; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export type ActiveSession = {
  session_id: number;
  user_id: number;
  account: string;
  nickname: string;
  avatar: string;
  role: Role;
  is_guest: boolean;
  created_at: Date;
  has_fund_password: boolean;
  frozen: boolean;
  must_change_password: boolean;
  expires_at: Date;
};

/** The sessions of these token hashes that are neither revoked nor expired at `now`, with their users (one query), by token hash. */
export async function findActiveSessions(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
): Promise<Map<string, ActiveSession>> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.token_hash',
      's.id as session_id',
      'u.id as user_id',
      'u.account',
      'u.nickname',
      'u.avatar',
      'u.role',
      'u.is_guest',
      'u.created_at',
      sql<boolean>`u.fund_password_hash is not null`.as('has_fund_password'),
      sql<boolean>`u.frozen_at is not null`.as('frozen'),
      'u.must_change_password',
      's.expires_at',
    ])
    .where('s.token_hash', 'in', [...tokenHashes])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .execute();
  return new Map(rows.map(({ token_hash, ...session }) => [token_hash, session]));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** 'client': one account from one client (`clientKey`); 'account': the account from all clients; 'ip': one IP. */
export type AttemptScope = 'account' | 'ip' | 'client';

/** The key of one account's failures from one client (an IP, or a session for password re-checks). */
export function clientKey(accountKey: string, client: string): string {
  return `${accountKey}\n${client}`;
}

/** The time until which a key is locked, if it is locked at `now`. */
export async function findLock(db: Db, scope: AttemptScope, key: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ?? undefined;
}

/**
 * What a reservation got: judged (counted as a failure until given back; `locked` when this attempt reached the
 * limit and locked the key), or refused while the key is locked.
 */
export type Reservation = { judged: true; locked: boolean } | { judged: false; lockedUntil: Date };

/**
 * Reserves one attempt for `key` before its password is checked, in one statement, so that parallel attempts
 * cannot all be judged: the attempt counts as a failure at once (a right password then clears or gives it back),
 * and the one that reaches `max` locks the key until now + window. While locked, or once `max` attempts are counted
 * in the window, nothing changes and the attempt is refused. A count whose window is over, or whose lock has ended,
 * starts again at 1.
 */
export async function reserveAttempt(
  db: Db,
  scope: AttemptScope,
  key: string,
  now: Date,
  windowMs: number,
  max: number,
): Promise<Reservation> {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const restart = sql<boolean>`(login_attempts.window_started_at < ${windowStart}::timestamptz or login_attempts.locked_until <= ${now}::timestamptz)`;
  const failures = sql<number>`case when ${restart} then 1 else login_attempts.failures + 1 end`;
  const row = await db
    .insertInto('login_attempts')
    .values({ scope, key, failures: 1, window_started_at: now, locked_until: max <= 1 ? lockUntil : null })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({
          failures,
          window_started_at: sql`case when ${restart} then ${now}::timestamptz else login_attempts.window_started_at end`,
          locked_until: sql`case when ${failures} >= ${max} then ${lockUntil}::timestamptz when ${restart} then null else login_attempts.locked_until end`,
        })
        .where(
          sql<boolean>`(login_attempts.locked_until is null or login_attempts.locked_until <= ${now}::timestamptz)`,
        )
        .where(sql<boolean>`(${restart} or login_attempts.failures < ${max})`),
    )
    .returning('failures')
    .executeTakeFirst();
  if (row) return { judged: true, locked: row.failures >= max };
  // Refused: the row is locked (a count at the limit is locked by the attempt that reached it).
  return { judged: false, lockedUntil: (await findLock(db, scope, key, now)) ?? lockUntil };
}

/**
 * Gives back an attempt reserved by `reserveAttempt` whose password was right: one failure less, and the lock that
 * the reservation may have set goes with it once the count is below `max` again.
 */
export async function refundAttempt(db: Db, scope: AttemptScope, key: string, max: number): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({
      failures: sql`failures - 1`,
      locked_until: sql`case when failures - 1 < ${max} then null else locked_until end`,
    })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function clearFailures(db: Db, scope: AttemptScope, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('key', '=', key).execute();
}

/** Forgets every count of one account: all clients' and the account's own. */
export async function clearAccountAndClients(db: Db, accountKey: string): Promise<void> {
  const prefix = clientKey(accountKey, '');
  await db
    .deleteFrom('login_attempts')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'account'), eb('key', '=', accountKey)]),
        eb.and([eb('scope', '=', 'client'), eb(sql<string>`left(key, ${prefix.length}::integer)`, '=', prefix)]),
      ]),
    )
    .execute();
}

/**
 * Takes the owner's lock notice for this window: true (and the notice time set to `now`) when he was not told in the
 * `windowMs` before `now`, false when he was (parallel locks: one of them takes it).
 */
export async function takeLockNotice(db: Db, userId: number, now: Date, windowMs: number): Promise<boolean> {
  const since = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('login_lock_notices')
    .values({ user_id: userId, notified_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ notified_at: now }).where('login_lock_notices.notified_at', '<=', since),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks one user's row (db/player-lock.ts; one player's deposits are serialised) and answers whether he is frozen. */
export async function lockUserFrozen(db: Db, userId: number): Promise<boolean> {
  const row = await lockUserRow(db, userId);
  if (!row) throw new Error(`user ${userId} not found`);
  return row.frozen_at !== null;
}

/** The login password's hash (null for a guest), for an in-session re-check (password-check.service.ts). */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}
