import type { ChangePasswordRequest, ErrorKey } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './security.repository.ts';

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
  await accounts.reserveAccountAttempt(db, accountKey, client, now, settings);
  const stored = await repo.findPasswordHash(db, user.id);
  const valid = await verifyPassword(stored, candidate);
  // A wrong password stays counted (its reservation was the count); a right one gives the attempt back.
  if (!valid || stored === null) throw new AppError(wrongKey, { field });
  await accounts.giveBackAccountAttempt(db, accountKey, client, settings);
  return stored;
}

/**
 * Changes the login password: the old one must verify; the new one follows the registration rule (the contract
 * checks it) and must equal its confirmation. Every other session of the user is revoked in the same transaction
 * (docs/trust.md 18); the session making the change keeps working.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  input: ChangePasswordRequest,
  now: Date,
  settings: LoginThrottleSettings,
): Promise<void> {
  if (input.password !== input.confirm_password) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', { field: 'confirm_password' });
  }
  const stored = await verifyLoginPassword(
    db,
    user,
    input.old_password,
    now,
    settings,
    'OLD_PASSWORD_INCORRECT',
    'old_password',
  );
  const next = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.replacePasswordHash(trx, user.id, stored, next))) {
      throw new AppError('OLD_PASSWORD_INCORRECT', { field: 'old_password' });
    }
    await repo.revokeOtherSessions(trx, user.id, user.sessionId, now);
  });
  await accounts.clearAccountFailures(db, user.account.toLowerCase());
}
