import { z } from 'zod';
import { required } from './common.ts';
import {
  ACCOUNT_RE,
  FUND_PASSWORD_RE,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  NICKNAME_MAX,
  REGISTER_PASSWORD_RE,
} from './values.ts';

export const registerRequest = z.object({
  account: z.string(required).trim().regex(ACCOUNT_RE, 'ACCOUNT_FORMAT'),
  password: z.string(required).regex(REGISTER_PASSWORD_RE, 'PASSWORD_FORMAT'),
  confirm_password: z.string(required).max(64, 'PASSWORD_FORMAT'),
  nickname: z.string().trim().min(1, 'NICKNAME_FORMAT').max(NICKNAME_MAX, 'NICKNAME_FORMAT').optional(),
  adult: z.literal(true, { error: 'ADULT_REQUIRED' }),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  account: z.string(required).trim().min(1, 'REQUIRED_FIELDS').max(64, 'INCORRECT_CREDENTIALS'),
  password: z
    .string(required)
    .min(LOGIN_PASSWORD_MIN, 'LOGIN_PASSWORD_FORMAT')
    .max(LOGIN_PASSWORD_MAX, 'LOGIN_PASSWORD_FORMAT'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const role = z.enum(['player', 'guest', 'operator']);
export type Role = z.infer<typeof role>;

/** What the web keeps under local storage key `userInfo`. */
export const userInfo = z.object({
  token: z.string(),
  avatar: z.string(),
  nickname: z.string(),
  account: z.string(),
  is_guest: z.boolean(),
  role,
  /** After an operator's password reset: the web sends the player to change it; the API refuses other calls. */
  must_change_password: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({ token: z.string(), userInfo });
export type Session = z.infer<typeof session>;

export const profile = z.object({
  account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  is_guest: z.boolean(),
  role,
  created_at: z.number().int(),
  /** Whether a fund (withdrawal) password is set: withdrawals ask for it first. */
  has_fund_password: z.boolean(),
  /** Frozen by an operator: may withdraw, may not bet or deposit (ACCOUNT_FROZEN). */
  frozen: z.boolean(),
  /** After an operator's password reset, until the player has chosen his own (PASSWORD_CHANGE_REQUIRED). */
  must_change_password: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

export const fundPasswordRequest = z.object({
  password: z.string(required).regex(FUND_PASSWORD_RE, 'FUND_PASSWORD_FORMAT'),
  confirm_password: z.string(required).max(64, 'PASSWORDS_DO_NOT_MATCH'),
  /** Required when a fund password is already set. */
  old_password: z.string().max(64, 'OLD_PASSWORD_INCORRECT').optional(),
});
export type FundPasswordRequest = z.infer<typeof fundPasswordRequest>;

/** Changing the login password needs the old one and revokes every other session. */
export const changePasswordRequest = z.object({
  old_password: z.string(required).min(1, 'REQUIRED_FIELDS').max(64, 'OLD_PASSWORD_INCORRECT'),
  password: z.string(required).regex(REGISTER_PASSWORD_RE, 'PASSWORD_FORMAT'),
  confirm_password: z.string(required).max(64, 'PASSWORDS_DO_NOT_MATCH'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/**
 * Two-step verification (TOTP, RFC 6238): a six-digit code from an authenticator app, or one of the one-time
 * recovery codes given at enrolment (ten characters, a dash allowed in the middle; case does not matter).
 */
export const twoFactorCode = z
  .string(required)
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'TWO_FACTOR_CODE_FORMAT');

/** The answer of a login whose account has two-step verification on: the second step's challenge. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  /** Opaque, short-lived and single-use: send it with the code to POST /api/user/login/2fa. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
export const loginAnswer = z.union([session, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const loginTwoFactorRequest = z.object({
  challenge: z.string(required).min(1, 'TWO_FACTOR_CHALLENGE_EXPIRED').max(128, 'TWO_FACTOR_CHALLENGE_EXPIRED'),
  code: twoFactorCode,
});
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequest>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 while off). */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/**
 * Starting to enrol needs the account's login password (a session alone must not be enough to put a key on the
 * account and lock its owner out); a wrong one counts like every password re-check in a session.
 */
export const twoFactorSetupRequest = z.object({
  password: z.string(required).min(1, 'REQUIRED_FIELDS').max(64, 'PASSWORD_INCORRECT'),
});
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequest>;

/** A new key to enrol: the base32 secret (to type) and the otpauth:// URI (for the QR code). */
export const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Turns two-step verification on with the first code of the new key (a six-digit code only). */
export const twoFactorEnableRequest = z.object({
  code: z
    .string(required)
    .trim()
    .regex(/^\d{6}$/, 'TWO_FACTOR_CODE_FORMAT'),
});
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequest>;
/** The recovery codes, shown this once (only their hashes are kept). */
export const twoFactorEnabled = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;

/** Turns it off: a current code (or a recovery code). */
export const twoFactorDisableRequest = z.object({ code: twoFactorCode });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequest>;
