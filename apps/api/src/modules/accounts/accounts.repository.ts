import { sql } from 'kysely';
import type { Db, NewUser, UserRow } from '../../db/database.ts';
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

export type AttemptScope = 'account' | 'ip';

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
 * Counts one failure in one statement (safe under concurrent logins): a counter older than the window starts
 * again at 1; reaching `max` within the window locks the key until now + window.
 */
export async function recordFailure(
  db: Db,
  scope: AttemptScope,
  key: string,
  now: Date,
  windowMs: number,
  max: number,
): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  await db
    .insertInto('login_attempts')
    .values({
      scope,
      key,
      failures: 1,
      window_started_at: now,
      locked_until: max <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.columns(['scope', 'key']).doUpdateSet({
        failures: sql`case when login_attempts.window_started_at < ${windowStart}::timestamptz then 1 else login_attempts.failures + 1 end`,
        window_started_at: sql`case when login_attempts.window_started_at < ${windowStart}::timestamptz then ${now}::timestamptz else login_attempts.window_started_at end`,
        locked_until: sql`case when (case when login_attempts.window_started_at < ${windowStart}::timestamptz then 1 else login_attempts.failures + 1 end) >= ${max} then ${lockUntil}::timestamptz else login_attempts.locked_until end`,
      }),
    )
    .execute();
}

export async function clearFailures(db: Db, scope: AttemptScope, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('key', '=', key).execute();
}
