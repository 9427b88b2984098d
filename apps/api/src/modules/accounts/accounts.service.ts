import { randomBytes, randomInt } from 'node:crypto';
import type { LoginRequest, Profile, RegisterRequest, Session } from '@fairdraw/contract';
import type { Db, UserRow } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './accounts.repository.ts';
import { demoGrant, minor } from '@fairdraw/domain';
import { postTransaction } from '../ledger/ledger.service.ts';

/** The avatars the web build ships under /art/avatars. */
export const AVATARS = Array.from({ length: 8 }, (_, i) => `/art/avatars/${i + 1}.svg`);

export type AccountsSettings = {
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginLockMinutes: number;
  /** Play money credited to a new guest's demo wallet (DEMO_GRANT); none when absent. */
  demoGrant?: number;
};

function pickAvatar(): string {
  return AVATARS[randomInt(AVATARS.length)] ?? '/art/avatars/1.svg';
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

async function openSession(db: Db, user: UserRow, settings: AccountsSettings, now: Date): Promise<Session> {
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

export async function register(
  db: Db,
  input: RegisterRequest,
  now: Date,
  settings: AccountsSettings,
): Promise<Session> {
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

type ThrottleSettings = Pick<AccountsSettings, 'loginLockMinutes' | 'loginMaxFailures'>;

/**
 * Reserves one attempt against the account before its password is checked (README "Login throttling"), for every
 * call that checks a login password: parallel attempts cannot outrun the limit, since each takes its place in the
 * count first. 429 TOO_MANY_LOGIN_ATTEMPTS while the account is locked.
 */
export async function reserveAccountAttempt(db: Db, accountKey: string, now: Date, settings: ThrottleSettings) {
  const windowMs = settings.loginLockMinutes * 60_000;
  const account = await repo.reserveAttempt(db, 'account', accountKey, now, windowMs, settings.loginMaxFailures);
  if (!account.judged) throw tooManyAttempts(account.lockedUntil, now);
}

/** A right password gives its reserved attempt back. */
export async function giveBackAccountAttempt(db: Db, accountKey: string, settings: ThrottleSettings) {
  await repo.refundAttempt(db, 'account', accountKey, settings.loginMaxFailures);
}

/** Forgets the account's failures (a successful login, a changed password). */
export async function clearAccountFailures(db: Db, accountKey: string) {
  await repo.clearFailures(db, 'account', accountKey);
}

/**
 * Reserves one login attempt against the IP, then the account, before the password is checked. Throws 429
 * TOO_MANY_LOGIN_ATTEMPTS while either is locked (a reservation already taken is then given back).
 */
async function reserveLogin(db: Db, accountKey: string, ip: string, now: Date, settings: AccountsSettings) {
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
    await reserveAccountAttempt(db, accountKey, now, settings);
  } catch (err) {
    await repo.refundAttempt(db, 'ip', ip, settings.loginIpMaxFailures);
    throw err;
  }
}

/**
 * Logs in. Unknown account and wrong password give the same answer after the same work (a dummy hash is
 * verified). Every attempt is counted per account and per IP before its password is checked; a locked key refuses
 * even the right password until it ends. A success clears the account's count and gives the IP its attempt back.
 */
export async function login(
  db: Db,
  input: LoginRequest,
  ip: string,
  now: Date,
  settings: AccountsSettings,
): Promise<Session> {
  const accountKey = input.account.toLowerCase();
  await reserveLogin(db, accountKey, ip, now, settings);

  const user = await repo.findUserByAccount(db, input.account);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  // A failure stays counted: its reservation was the count.
  if (!user || !valid) throw new AppError('INCORRECT_CREDENTIALS');
  // The IP's failures are not cleared by a success: one known account must not let an IP keep guessing at others.
  await repo.refundAttempt(db, 'ip', ip, settings.loginIpMaxFailures);
  await clearAccountFailures(db, accountKey);
  return openSession(db, user, settings, now);
}

export async function createGuest(db: Db, now: Date, settings: AccountsSettings): Promise<Session> {
  return db.transaction().execute(async (trx) => {
    const user = await repo.insertUser(trx, {
      // 56 random bits: 'guest' + 14 hex characters stays within the 20-character account rule.
      account: `guest${randomBytes(7).toString('hex')}`,
      password_hash: null,
      nickname: 'Guest',
      avatar: pickAvatar(),
      role: 'guest',
      is_guest: true,
    });
    // The demo wallet's play money, posted in the same transaction as the guest itself.
    if (settings.demoGrant)
      await postTransaction(trx, demoGrant(user.id, minor(settings.demoGrant)), `guest:${user.id}`);
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
 * A frozen account (an operator's freeze, modules/players) may log in and withdraw but not deposit (nor bet: the bet
 * batch checks it in its own statement, bets/slip-batch.repository.ts). Called inside the deposit's transaction: the
 * row is read under a lock, so a freeze and a deposit are ordered and whatever commits after the freeze is refused.
 */
/** Throws 403 ACCOUNT_FROZEN if the user is frozen; locks his row (lockPlayerRow) until the caller's commit. */
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
