import { randomBytes, randomInt } from 'node:crypto';
import type { LoginAnswer, LoginRequest, Profile, RegisterRequest, Session } from '@fairdraw/contract';
import type { Db, UserRow } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../../lib/session-user.ts';
/** For plugins/auth.ts: the sessions a token opens. */
export { findActiveSessions } from './auth.repository.ts';
export type { ActiveSession } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import * as twoFactorRepo from './two-factor.repository.ts';
import { demoGrant, minor } from '@fairdraw/domain';
import { postTransaction } from '../ledger/ledger.service.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

/** The avatars the web build ships under /art/avatars. */
export const AVATARS = Array.from({ length: 8 }, (_, i) => `/art/avatars/${i + 1}.svg`);

export type AuthSettings = {
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginAccountMaxFailures: number;
  loginLockMinutes: number;
  /** Play money credited to a new guest's demo wallet (DEMO_GRANT); none when absent. */
  demoGrant?: number;
};

function pickAvatar(): string {
  return AVATARS[randomInt(AVATARS.length)] ?? '/art/avatars/1.svg';
}

export async function openSession(db: Db, user: UserRow, settings: AuthSettings, now: Date): Promise<Session> {
  const token = newToken();
  await repo.insertSession(db, {
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + settings.sessionTtlHours * 3_600_000),
  });
  return {
    token,
    userInfo: {
      token,
      avatar: user.avatar,
      nickname: user.nickname,
      account: user.account,
      is_guest: user.is_guest,
      role: user.role,
      ...(user.must_change_password ? { must_change_password: true } : {}),
    },
  };
}

export async function register(db: Db, input: RegisterRequest, now: Date, settings: AuthSettings): Promise<Session> {
  if (input.password !== input.confirm_password) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', { field: 'confirm_password' });
  }
  if (await repo.findUserByAccount(db, input.account)) throw new AppError('ACCOUNT_TAKEN', { field: 'account' });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await repo.insertUser(trx, {
        account: input.account,
        password_hash: passwordHash,
        nickname: input.nickname ?? input.account,
        avatar: pickAvatar(),
        role: 'player',
        is_guest: false,
        created_at: now,
      });
      return openSession(trx, user, settings, now);
    });
  } catch (err) {
    // Two registrations of one account at once: the unique index decides, the loser hears ACCOUNT_TAKEN.
    if (isUniqueViolation(err)) throw new AppError('ACCOUNT_TAKEN', { field: 'account', cause: err });
    throw err;
  }
}

function tooManyAttempts(until: Date, now: Date): AppError {
  return new AppError('TOO_MANY_LOGIN_ATTEMPTS', {
    params: { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) },
  });
}

type ThrottleSettings = Pick<AuthSettings, 'loginLockMinutes' | 'loginMaxFailures' | 'loginAccountMaxFailures'>;

/**
 * Reserves one attempt against the account before its password is checked (README "Login throttling"), for every
 * call that checks a login password or a second-step code: parallel attempts cannot outrun the limits, since each
 * takes its place in the counts first. Two counts: this account from this `client` (an IP; a session for a
 * password re-check), LOGIN_MAX_FAILURES, and the account from all clients, LOGIN_ACCOUNT_MAX_FAILURES. 429
 * TOO_MANY_LOGIN_ATTEMPTS while either is locked (the client's reservation is then given back). Answers whether
 * this attempt, should it fail, locked one of them.
 */
export async function reserveAccountAttempt(
  db: Db,
  accountKey: string,
  client: string,
  now: Date,
  settings: ThrottleSettings,
): Promise<{ locks: boolean }> {
  const windowMs = settings.loginLockMinutes * 60_000;
  // Locked for everyone: refused before anything is written (the reservation below still decides a race).
  const ceiling = await repo.findLock(db, 'account', accountKey, now);
  if (ceiling) throw tooManyAttempts(ceiling, now);
  const key = repo.clientKey(accountKey, client);
  // The client first: while it is locked, nothing is written for the account, so a locked client's further
  // attempts do not use up the account's ceiling for everyone.
  const byClient = await repo.reserveAttempt(db, 'client', key, now, windowMs, settings.loginMaxFailures);
  if (!byClient.judged) throw tooManyAttempts(byClient.lockedUntil, now);
  const byAccount = await repo.reserveAttempt(
    db,
    'account',
    accountKey,
    now,
    windowMs,
    settings.loginAccountMaxFailures,
  );
  if (!byAccount.judged) {
    await repo.refundAttempt(db, 'client', key, settings.loginMaxFailures);
    throw tooManyAttempts(byAccount.lockedUntil, now);
  }
  return { locks: byClient.locked || byAccount.locked };
}

/** A right password gives its reserved attempts back (the client's and the account's). */
export async function giveBackAccountAttempt(db: Db, accountKey: string, client: string, settings: ThrottleSettings) {
  await repo.refundAttempt(db, 'client', repo.clientKey(accountKey, client), settings.loginMaxFailures);
  await repo.refundAttempt(db, 'account', accountKey, settings.loginAccountMaxFailures);
}

/** Forgets the account's failures, from every client (a changed password, an operator's reset). */
export async function clearAccountFailures(db: Db, accountKey: string) {
  await repo.clearAccountAndClients(db, accountKey);
}

/** "2026-11-26 05:40 UTC": the time of a lock as its message shows it, the same in every language. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A failed attempt locked a client out of this account (or reached the account's ceiling): the owner, if the
 * account exists, gets an inbox message saying failed sign-ins from a client were blocked, with its IP and the time,
 * at most once per lock window (an operator's is also an audit entry `login.blocked`, which the console shows). Nothing is said to the caller: a lock on an unknown account looks the same.
 */
export async function tellOwnerOfLock(
  db: Db,
  accountKey: string,
  ip: string,
  now: Date,
  settings: Pick<AuthSettings, 'loginLockMinutes'>,
): Promise<void> {
  const user = await repo.findUserByAccount(db, accountKey);
  if (!user || user.is_guest) return;
  await db.transaction().execute(async (trx) => {
    if (!(await repo.takeLockNotice(trx, user.id, now, settings.loginLockMinutes * 60_000))) return;
    await sendSystemMessage(trx, user.id, 'login_blocked', { ip, time: utcMinute(now) }, now);
    // An operator has no inbox: the console's audit log shows it instead.
    if (user.role === 'operator') {
      await writeAudit(trx, { userId: null, account: 'system' }, 'login.blocked', `user:${user.id}`, null, {
        ip,
        time: utcMinute(now),
      });
    }
  });
}

/** A client's login attempt: the IP's count, then the account's (from this IP, then from all). */
export type LoginReservation = { locks: boolean };

/**
 * Reserves one login attempt against the IP, then the account from this IP, then the account from all clients,
 * before the password is checked. Throws 429 TOO_MANY_LOGIN_ATTEMPTS while any is locked (a reservation already
 * taken is then given back).
 */
export async function reserveLogin(
  db: Db,
  accountKey: string,
  ip: string,
  now: Date,
  settings: AuthSettings,
): Promise<LoginReservation> {
  // The IP first: while it is locked, nothing is written for the account (a locked IP guessing account names
  // leaves no trace of them).
  const byIp = await repo.reserveAttempt(
    db,
    'ip',
    ip,
    now,
    settings.loginLockMinutes * 60_000,
    settings.loginIpMaxFailures,
  );
  if (!byIp.judged) throw tooManyAttempts(byIp.lockedUntil, now);
  try {
    return await reserveAccountAttempt(db, accountKey, ip, now, settings);
  } catch (err) {
    await repo.refundAttempt(db, 'ip', ip, settings.loginIpMaxFailures);
    throw err;
  }
}

/**
 * A failed login attempt (a password, or a second step's code) stays counted (its reservation was the count); a lock
 * it caused is told to the owner. Throws `error`.
 */
export async function failedLogin(
  db: Db,
  accountKey: string,
  ip: string,
  reservation: LoginReservation,
  now: Date,
  settings: AuthSettings,
  error: AppError = new AppError('INCORRECT_CREDENTIALS'),
): Promise<never> {
  if (reservation.locks) await tellOwnerOfLock(db, accountKey, ip, now, settings);
  throw error;
}

/**
 * A right answer: the IP gets its attempt back, the account's ceiling too, and this client's count is forgotten —
 * unless `complete` is false (a right password while the second step is still to come): then the client's
 * attempt is only given back, so that signing in again with the password does not wipe wrong codes.
 */
export async function succeededLogin(db: Db, accountKey: string, ip: string, settings: AuthSettings, complete = true) {
  // The IP's failures are not cleared by a success: one known account must not let an IP keep guessing at others.
  await repo.refundAttempt(db, 'ip', ip, settings.loginIpMaxFailures);
  const key = repo.clientKey(accountKey, ip);
  if (complete) await repo.clearFailures(db, 'client', key);
  else await repo.refundAttempt(db, 'client', key, settings.loginMaxFailures);
  // Nor the account's from all clients: the owner's success does not wipe what other clients failed.
  await repo.refundAttempt(db, 'account', accountKey, settings.loginAccountMaxFailures);
}

/**
 * Logs in. Unknown account and wrong password give the same answer after the same work (a dummy hash is
 * verified). Every attempt is counted per IP, per account from this IP and per account from all clients before its
 * password is checked; a locked count refuses even the right password until it ends. A lock that a client causes
 * on an account is told to its owner (an inbox message, once per lock window).
 */
export async function login(
  db: Db,
  input: LoginRequest,
  ip: string,
  now: Date,
  settings: AuthSettings,
): Promise<LoginAnswer> {
  const accountKey = input.account.toLowerCase();
  const reservation = await reserveLogin(db, accountKey, ip, now, settings);

  const user = await repo.findUserByAccount(db, input.account);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid) return failedLogin(db, accountKey, ip, reservation, now, settings);
  const totp = await twoFactorRepo.findTotp(db, user.id);
  if (totp?.enabled_at) {
    // Two-step verification on: no session yet, a challenge for the second step (POST /api/user/login/2fa).
    await succeededLogin(db, accountKey, ip, settings, false);
    return { two_factor_required: true, challenge: await openChallenge(db, user.id, now) };
  }
  await succeededLogin(db, accountKey, ip, settings);
  return openSession(db, user, settings, now);
}

/** How long a second step may wait after the password. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** A new second-step challenge: an opaque token, kept as its hash, short-lived, used once. */
async function openChallenge(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await twoFactorRepo.deleteOldChallenges(db, new Date(now.getTime() - 86_400_000));
  await twoFactorRepo.insertChallenge(db, {
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

export async function createGuest(db: Db, now: Date, settings: AuthSettings): Promise<Session> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.insertUser(trx, {
      // 56 random bits: 'guest' + 14 hex characters stays within the 20-character account rule.
      account: `guest${randomBytes(7).toString('hex')}`,
      password_hash: null,
      nickname: 'Guest',
      avatar: pickAvatar(),
      role: 'guest',
      is_guest: true,
      created_at: now,
    });
    // The demo wallet's play money, posted in the same transaction as the guest itself.
    if (settings.demoGrant)
      await postTransaction(trx, demoGrant(user.id, minor(settings.demoGrant)), `guest:${user.id}`, now);
    return openSession(trx, user, settings, now);
  });
}

export async function logout(db: Db, user: SessionUser, now: Date): Promise<void> {
  await repo.revokeSession(db, user.sessionId, now);
}

export function toProfile(user: SessionUser): Profile {
  return {
    account: user.account,
    nickname: user.nickname,
    avatar: user.avatar,
    is_guest: user.isGuest,
    role: user.role,
    created_at: user.createdAt.getTime(),
    has_fund_password: user.hasFundPassword,
    frozen: user.frozen === true,
    must_change_password: user.mustChangePassword === true,
  };
}

/**
 * A frozen account (an operator's freeze, modules/players) may log in, read and talk to support, but not deposit,
 * withdraw, claim a rebate or change a payout method (nor bet: the bet batch checks it in its own statement,
 * bets/slip-batch.repository.ts). Called inside the action's transaction, after `playerTransaction` locked the row
 * (db/player-lock.ts): a freeze and the action are ordered, and whatever commits after the freeze is refused.
 * Throws 403 ACCOUNT_FROZEN if the user is frozen.
 */
export async function assertNotFrozen(trx: Db, userId: number): Promise<void> {
  if (await lockPlayerRow(trx, userId)) throw new AppError('ACCOUNT_FROZEN');
}

/**
 * Locks the user's row FOR NO KEY UPDATE until the caller's commit (one change of a player's at a time) and answers whether
 * he is frozen. Freeze checks (assertNotFrozen), payout methods and KYC submissions lock the row through it.
 */
export async function lockPlayerRow(trx: Db, userId: number): Promise<boolean> {
  return repo.lockUserFrozen(trx, userId);
}
