import { z } from 'zod';
import { loginRequest, registerRequest, type LoginRequest, type RegisterRequest } from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';

/** A blank field among `fields` (first in order) gets REQUIRED_FIELDS; true when all are filled. */
function filled<K extends string>(ctx: z.RefinementCtx, v: Record<K, string>, fields: readonly K[]): boolean {
  const blank = fields.find((f) => !v[f].trim());
  if (blank) issue(ctx, 'REQUIRED_FIELDS', blank);
  return !blank;
}

export type LoginValues = { account: string; password: string };
export const LOGIN_FIELDS = ['account', 'password'] as const;

/** Typed values → the login request: both filled, then the contract's loginRequest (password 6–20 characters). */
export const loginSchema = z
  .object({ account: z.string(), password: z.string() })
  .transform((v, ctx): LoginRequest => (filled(ctx, v, LOGIN_FIELDS) ? v : z.NEVER))
  .pipe(loginRequest);

export type RegisterValues = {
  account: string;
  password: string;
  confirm_password: string;
  nickname: string;
  adult: boolean;
};
export const REGISTER_FIELDS = ['account', 'password', 'confirm_password', 'nickname', 'adult'] as const;

/**
 * Typed values → the registration: account and both passwords filled, then the contract's registerRequest (account,
 * password and nickname rules, legal age) and the confirmation equal to the password (the server's own check).
 */
export const registerSchema = z
  .object({
    account: z.string(),
    password: z.string(),
    confirm_password: z.string(),
    nickname: z.string(),
    adult: z.boolean(),
  })
  .transform((v, ctx): RegisterRequest => {
    if (!filled(ctx, v, ['account', 'password', 'confirm_password'])) return z.NEVER;
    const { nickname, adult, ...rest } = v;
    const nick = nickname.trim();
    // `adult: false` is passed on for the contract to refuse with ADULT_REQUIRED.
    return { ...rest, ...(nick ? { nickname: nick } : {}), adult: adult as true };
  })
  .pipe(
    registerRequest.refine((b) => b.password === b.confirm_password, {
      message: 'PASSWORDS_DO_NOT_MATCH',
      path: ['confirm_password'],
      // Also when another field failed: the form shows the first failure in the server's order.
      when: () => true,
    }),
  );
