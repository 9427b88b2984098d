import type { ChangePasswordRequest } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as auth from '../auth/auth.service.ts';
import { verifyLoginPassword } from '../auth/password-check.service.ts';
import type { LoginThrottleSettings } from '../auth/password-check.service.ts';
import * as repo from './security.repository.ts';

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
  await auth.clearAccountFailures(db, user.account.toLowerCase());
}
