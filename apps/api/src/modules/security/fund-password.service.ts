import { isFundPassword } from '@fairdraw/domain';
import type { ErrorKey, FundPasswordRequest } from '@fairdraw/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './security.repository.ts';

/** The two settings the fund-password lock needs; `app.config` itself fits. */
export type FundPasswordSettings = Pick<Config, 'fundPasswordMaxFailures' | 'fundPasswordLockMinutes'>;

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/**
 * Checks a candidate against a stored fund password hash, counting failures (docs/trust.md 19). The attempt is reserved
 * in the count before the candidate is checked, so parallel attempts cannot outrun the lock: while locked, every
 * candidate (the right one too) is refused with 429 FUND_PASSWORD_LOCKED {minutes}; a wrong one stays counted,
 * answers `wrongKey` {remaining} and, the one that reaches the limit, FUND_PASSWORD_LOCKED; a right one clears the
 * counter.
 */
async function checkAgainst(
  db: Db,
  userId: number,
  storedHash: string,
  candidate: string,
  now: Date,
  settings: FundPasswordSettings,
  wrongKey: ErrorKey,
  field: string | undefined,
): Promise<void> {
  const max = settings.fundPasswordMaxFailures;
  const reserved = await repo.reserveFundPasswordAttempt(
    db,
    userId,
    now,
    settings.fundPasswordLockMinutes * 60_000,
    max,
  );
  if (!reserved.judged) {
    throw new AppError('FUND_PASSWORD_LOCKED', { params: { minutes: minutesUntil(reserved.lockedUntil, now) } });
  }
  // Anything but six digits can never match; it still counts as a wrong guess.
  const valid = isFundPassword(candidate) && (await verifyPassword(storedHash, candidate));
  if (valid) {
    await repo.clearFundPasswordFailures(db, userId);
    return;
  }
  if (reserved.lockedUntil && reserved.lockedUntil > now) {
    throw new AppError('FUND_PASSWORD_LOCKED', { params: { minutes: minutesUntil(reserved.lockedUntil, now) } });
  }
  throw new AppError(wrongKey, {
    params: { remaining: Math.max(0, max - reserved.failures) },
    ...(field ? { field } : {}),
  });
}

/**
 * For withdrawals: verifies the player's fund password.
 * - none set → 400 FUND_PASSWORD_NOT_SET;
 * - locked → 429 FUND_PASSWORD_LOCKED {minutes}, even for the right password;
 * - wrong → 400 FUND_PASSWORD_INCORRECT {remaining} (field fund_password); the failure that reaches
 *   FUND_PASSWORD_MAX_FAILURES within FUND_PASSWORD_LOCK_MINUTES answers FUND_PASSWORD_LOCKED instead and locks for
 *   FUND_PASSWORD_LOCK_MINUTES;
 * - right → resolves and clears the counter.
 * Call it with the root `db` (app.db), before opening the withdrawal's transaction: a failure must stay counted
 * even though the request fails, and an argon2 verify should not hold a transaction open.
 */
export async function verifyFundPassword(
  db: Db,
  userId: number,
  candidate: string,
  now: Date,
  settings: FundPasswordSettings,
): Promise<void> {
  const stored = await repo.findFundPasswordHash(db, userId);
  if (stored === null) throw new AppError('FUND_PASSWORD_NOT_SET');
  await checkAgainst(db, userId, stored, candidate, now, settings, 'FUND_PASSWORD_INCORRECT', 'fund_password');
}

/** Whether the player has set a fund password (withdrawals ask for it first). */
export async function hasFundPassword(db: Db, userId: number): Promise<boolean> {
  return (await repo.findFundPasswordHash(db, userId)) !== null;
}

/**
 * Sets the fund password, or changes it: a change needs the current one as old_password, which goes through the
 * same failure counter and lock as withdrawals (otherwise this call would be a way round the lock).
 */
export async function setFundPassword(
  db: Db,
  userId: number,
  input: FundPasswordRequest,
  now: Date,
  settings: FundPasswordSettings,
): Promise<void> {
  if (input.password !== input.confirm_password) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', { field: 'confirm_password' });
  }
  const current = await repo.findFundPasswordHash(db, userId);
  if (current !== null) {
    if (input.old_password === undefined || input.old_password === '') {
      throw new AppError('REQUIRED_FIELDS', { field: 'old_password' });
    }
    await checkAgainst(
      db,
      userId,
      current,
      input.old_password,
      now,
      settings,
      'OLD_PASSWORD_INCORRECT',
      'old_password',
    );
  }
  const next = await hashPassword(input.password);
  // Compare-and-set: a change that raced with another one since we read the hash is refused.
  if (!(await repo.replaceFundPasswordHash(db, userId, current, next))) {
    throw new AppError('OLD_PASSWORD_INCORRECT', { field: 'old_password' });
  }
}
