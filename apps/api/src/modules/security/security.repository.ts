import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Replaces the login password hash only if it is still `expected` (compare-and-set: of two changes racing with
 * the same old password, one wins). True when it was replaced.
 */
export async function replacePasswordHash(db: Db, userId: number, expected: string, next: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    // A password the player chose ends an operator's reset (migration 0030).
    .set({ password_hash: next, must_change_password: false })
    .where('id', '=', userId)
    .where('password_hash', '=', expected)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Revokes every live session of the user except `keepSessionId` (docs/trust.md 18: password change). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, now: Date): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function findFundPasswordHash(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('fund_password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.fund_password_hash ?? null;
}

/** Sets the fund password hash only if the current one is still `expected` (null: none set yet). */
export async function replaceFundPasswordHash(
  db: Db,
  userId: number,
  expected: string | null,
  next: string,
): Promise<boolean> {
  let q = db.updateTable('users').set({ fund_password_hash: next }).where('id', '=', userId);
  q = expected === null ? q.where('fund_password_hash', 'is', null) : q.where('fund_password_hash', '=', expected);
  const res = await q.executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** The end of the user's fund-password lock, if locked at `now`. */
export async function findFundPasswordLock(db: Db, userId: number, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('fund_password_attempts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ?? undefined;
}

/** A judged attempt's place in the count (its lock, if it reached the limit), or a refusal while locked. */
export type FundPasswordReservation =
  { judged: true; failures: number; lockedUntil: Date | null } | { judged: false; lockedUntil: Date };

/**
 * Reserves one fund-password attempt before the candidate is checked, in one statement, so that parallel attempts
 * cannot all be judged: the attempt counts as a failure at once (a right password then clears the count), and the
 * one that reaches `max` locks until now + window. While locked nothing changes and the attempt is refused. The
 * count starts again at 1 when its window is over or an earlier lock has ended.
 */
export async function reserveFundPasswordAttempt(
  db: Db,
  userId: number,
  now: Date,
  windowMs: number,
  max: number,
): Promise<FundPasswordReservation> {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const restart = sql<boolean>`(fund_password_attempts.window_started_at < ${windowStart}::timestamptz or fund_password_attempts.locked_until <= ${now}::timestamptz)`;
  const failures = sql<number>`case when ${restart} then 1 else fund_password_attempts.failures + 1 end`;
  const row = await db
    .insertInto('fund_password_attempts')
    .values({ user_id: userId, failures: 1, window_started_at: now, locked_until: max <= 1 ? lockUntil : null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          failures,
          window_started_at: sql`case when ${restart} then ${now}::timestamptz else fund_password_attempts.window_started_at end`,
          locked_until: sql`case when ${failures} >= ${max} then ${lockUntil}::timestamptz when ${restart} then null else fund_password_attempts.locked_until end`,
        })
        .where(
          sql<boolean>`(fund_password_attempts.locked_until is null or fund_password_attempts.locked_until <= ${now}::timestamptz)`,
        )
        .where(sql<boolean>`(${restart} or fund_password_attempts.failures < ${max})`),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
  if (row) return { judged: true, failures: row.failures, lockedUntil: row.locked_until };
  return { judged: false, lockedUntil: (await findFundPasswordLock(db, userId, now)) ?? lockUntil };
}

export async function clearFundPasswordFailures(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('fund_password_attempts').where('user_id', '=', userId).execute();
}
