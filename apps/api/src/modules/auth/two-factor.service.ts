import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type {
  LoginTwoFactorRequest,
  Session,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { verifyLoginPassword } from './password-check.service.ts';
import * as auth from './auth.service.ts';
import type { AuthSettings } from './auth.service.ts';
import * as repo from './two-factor.repository.ts';
import { openSecret, sealSecret } from './totp-key.ts';

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Fairdraw';
const PERIOD = 30;
/** A code of the step before or after the current one is accepted too (clocks drift, people type slowly). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. 31 symbols, 10 of them: about 49 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type TwoFactorSettings = AuthSettings & { totpKey: Buffer };

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step of a six-digit code valid at `now` (within WINDOW steps), or null. */
function stepOf(secretBase32: string, code: string, now: Date): number | null {
  const delta = totp(secretBase32, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

const recoveryHash = (code: string): string =>
  createHash('sha256').update(code.replace('-', '').toLowerCase()).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Checks a second-step code: six digits against the key, accepted once per time step (a replayed code, or an
 * older one, is refused); anything else as a recovery code, used once.
 */
async function checkCode(db: Db, userId: number, secretEnc: string, code: string, now: Date, key: Buffer) {
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(openSecret(key, secretEnc), code, now);
    return step !== null && (await repo.takeStep(db, userId, step));
  }
  return repo.useRecoveryCode(db, userId, recoveryHash(code), now);
}

/**
 * A code checked inside a session (enable, disable): counted on the login throttle with the session as its client,
 * like a password re-check. Throws TWO_FACTOR_CODE_INCORRECT on `code` when wrong.
 */
async function checkSessionCode(
  db: Db,
  user: SessionUser,
  secretEnc: string,
  code: string,
  now: Date,
  settings: TwoFactorSettings,
) {
  const accountKey = user.account.toLowerCase();
  const client = `session:${user.sessionId}`;
  await auth.reserveAccountAttempt(db, accountKey, client, now, settings);
  if (!(await checkCode(db, user.id, secretEnc, code, now, settings.totpKey))) {
    throw new AppError('TWO_FACTOR_CODE_INCORRECT', { field: 'code' });
  }
  await auth.giveBackAccountAttempt(db, accountKey, client, settings);
}

export async function status(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await repo.findTotp(db, userId);
  const enabled = row?.enabled_at != null;
  return { enabled, recovery_codes_left: enabled ? await repo.countRecoveryCodesLeft(db, userId) : 0 };
}

/**
 * A new key, waiting for its first code (a key waiting already is replaced); 409 when two-step is on. The account's
 * login password must be given: a stolen session alone cannot put a key on the account and lock its owner out. A
 * wrong password answers PASSWORD_INCORRECT and counts like every re-check in a session (security/password.service).
 */
export async function setup(
  db: Db,
  user: SessionUser,
  password: string,
  now: Date,
  settings: TwoFactorSettings,
): Promise<TwoFactorSetup> {
  if ((await repo.findTotp(db, user.id))?.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  await verifyLoginPassword(db, user, password, now, settings, 'PASSWORD_INCORRECT', 'password');
  const secret = new Secret({ size: 20 }).base32;
  if (!(await repo.putPendingTotp(db, user.id, sealSecret(settings.totpKey, secret), now))) {
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  }
  return { secret, uri: totp(secret, user.account).toString() };
}

const actorOf = (user: SessionUser) => ({ userId: user.id, account: user.account });

/**
 * Turns two-step verification on with the first code of the waiting key; answers the recovery codes, this once
 * (only their hashes are kept). An operator's is audited.
 */
export async function enable(
  db: Db,
  user: SessionUser,
  code: string,
  now: Date,
  settings: TwoFactorSettings,
): Promise<TwoFactorEnabled> {
  const row = await repo.findTotp(db, user.id);
  if (!row) throw new AppError('TWO_FACTOR_NOT_STARTED');
  if (row.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  await checkSessionCode(db, user, row.secret_enc, code, now, settings);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.enableTotp(trx, user.id, now))) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    await repo.replaceRecoveryCodes(trx, user.id, codes.map(recoveryHash));
    if (user.role === 'operator') {
      await writeAudit(
        trx,
        actorOf(user),
        'two_factor.enable',
        `user:${user.id}`,
        { enabled: false },
        { enabled: true },
      );
    }
  });
  return { recovery_codes: codes };
}

/** Turns it off with a current code or a recovery code; the key and the codes are deleted. An operator's is audited. */
export async function disable(db: Db, user: SessionUser, code: string, now: Date, settings: TwoFactorSettings) {
  const row = await repo.findTotp(db, user.id);
  if (!row?.enabled_at) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  await checkSessionCode(db, user, row.secret_enc, code, now, settings);
  await db.transaction().execute(async (trx) => {
    await repo.deleteTotp(trx, user.id);
    if (user.role === 'operator') {
      await writeAudit(
        trx,
        actorOf(user),
        'two_factor.disable',
        `user:${user.id}`,
        { enabled: true },
        { enabled: false },
      );
    }
  });
}

/**
 * For an operator's removal (modules/players), inside the caller's transaction: deletes the account's key and
 * recovery codes when two-step verification is on, and answers how many recovery codes were left; null when it is
 * off (a key still waiting for its first code stays).
 */
export async function removeTwoFactor(trx: Db, userId: number): Promise<{ recovery_codes_left: number } | null> {
  const row = await repo.findTotp(trx, userId);
  if (!row?.enabled_at) return null;
  const left = await repo.countRecoveryCodesLeft(trx, userId);
  await repo.deleteTotp(trx, userId);
  return { recovery_codes_left: left };
}

/** Whether the account's two-step verification is on. */
export async function isTwoFactorOn(db: Db, userId: number): Promise<boolean> {
  return (await repo.findTotp(db, userId))?.enabled_at != null;
}

/**
 * The second step of a login: the challenge must be live (not used, not expired: TWO_FACTOR_CHALLENGE_EXPIRED), the
 * code right. Each code is counted like a password (IP, account from this IP, account from all clients) before it is
 * checked; a wrong one answers TWO_FACTOR_CODE_INCORRECT. A right one uses the challenge and opens the session.
 */
export async function loginSecondStep(
  db: Db,
  input: LoginTwoFactorRequest,
  ip: string,
  now: Date,
  settings: TwoFactorSettings,
): Promise<Session> {
  const challenge = await repo.findLiveChallenge(db, hashToken(input.challenge), now);
  const user = challenge ? await repo.findUserById(db, challenge.user_id) : undefined;
  const row = user ? await repo.findTotp(db, user.id) : undefined;
  if (!challenge || !user || !row?.enabled_at) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  const accountKey = user.account.toLowerCase();
  const reservation = await auth.reserveLogin(db, accountKey, ip, now, settings);
  if (!(await checkCode(db, user.id, row.secret_enc, input.code, now, settings.totpKey))) {
    return auth.failedLogin(
      db,
      accountKey,
      ip,
      reservation,
      now,
      settings,
      new AppError('TWO_FACTOR_CODE_INCORRECT', { field: 'code' }),
    );
  }
  await auth.succeededLogin(db, accountKey, ip, settings);
  if (!(await repo.useChallenge(db, challenge.id, now))) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  return auth.openSession(db, user, settings, now);
}
