/**
 * The in-session re-check of a player's login password (password change, binding a payout method, a break, setting
 * up two-step verification), counted by the login throttle of this module. Here, beside the throttle, so that every
 * module that re-checks the password depends on accounts and accounts on none of them.
 */
import type { ErrorKey } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { giveBackAccountAttempt, reserveAccountAttempt } from './auth.service.ts';
import { findPasswordHash } from './auth.repository.ts';

/** The login-throttle settings (README "Login throttling"); `app.config` itself fits. */
export type LoginThrottleSettings = {
  loginMaxFailures: number;
  loginAccountMaxFailures: number;
  loginLockMinutes: number;
};

/** The client of a re-check in the login throttle: the session making it (a stolen session locks itself only). */
export const sessionClient = (sessionId: number): string => `session:${sessionId}`;

/**
 * Re-checks the logged-in player's login password (password change, binding a payout method). A wrong one counts
 * against the account's login throttle like a failed login — these calls must not be a way round it; the client
 * counted is the session, so a stolen session's guesses lock that session, not the owner's sign-in — and answers
 * `wrongKey` on `field`; while the account is locked, 429 TOO_MANY_LOGIN_ATTEMPTS. The attempt is reserved in the
 * count before the check and given back when the password is right. Resolves to the stored hash.
 */
export async function verifyLoginPassword(
  db: Db,
  user: Pick<SessionUser, 'id' | 'account' | 'sessionId'>,
  candidate: string,
  now: Date,
  settings: LoginThrottleSettings,
  wrongKey: ErrorKey,
  field: string,
): Promise<string> {
  const accountKey = user.account.toLowerCase();
  // Reserved before the check, like a login (README "Login throttling"): parallel wrong passwords cannot outrun it.
  const client = sessionClient(user.sessionId);
  await reserveAccountAttempt(db, accountKey, client, now, settings);
  const stored = await findPasswordHash(db, user.id);
  const valid = await verifyPassword(stored, candidate);
  // A wrong password stays counted (its reservation was the count); a right one gives the attempt back.
  if (!valid || stored === null) throw new AppError(wrongKey, { field });
  await giveBackAccountAttempt(db, accountKey, client, settings);
  return stored;
}
