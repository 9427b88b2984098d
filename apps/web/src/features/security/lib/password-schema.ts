import { z } from 'zod';
import {
  changePasswordRequest,
  fundPasswordRequest,
  type ChangePasswordRequest,
  type FundPasswordRequest,
} from '@fairdraw/contract';
import { issue } from '../../../lib/forms.ts';

export type PasswordValues = { old_password: string; password: string; confirm_password: string };
export const PASSWORD_FIELDS = ['old_password', 'password', 'confirm_password'] as const;
export const EMPTY_PASSWORDS: PasswordValues = { old_password: '', password: '', confirm_password: '' };

const values = z.object({ old_password: z.string(), password: z.string(), confirm_password: z.string() });

/** The confirmation must repeat the new password (the server's own check), reported even when another field failed. */
const confirmed = { message: 'PASSWORDS_DO_NOT_MATCH', path: ['confirm_password'], when: () => true };

/** /editPwd: all three filled, then the contract's changePasswordRequest (the registration rule), then the match. */
export const loginPasswordSchema = values
  .transform((v, ctx): ChangePasswordRequest => {
    const blank = PASSWORD_FIELDS.find((f) => !v[f]);
    return blank ? (issue(ctx, 'REQUIRED_FIELDS', blank), z.NEVER) : v;
  })
  .pipe(changePasswordRequest.refine((b) => b.password === b.confirm_password, confirmed));

/**
 * The fund password (six digits): the old one first when changing it, then the contract's fundPasswordRequest, then
 * the match. `changing` is react-hook-form's context.
 */
export const fundPasswordSchema = ({ changing }: { changing: boolean }) =>
  values
    .transform((v, ctx): FundPasswordRequest => {
      if (!changing) return { password: v.password, confirm_password: v.confirm_password };
      return v.old_password ? v : (issue(ctx, 'REQUIRED_FIELDS', 'old_password'), z.NEVER);
    })
    .pipe(fundPasswordRequest.refine((b) => b.password === b.confirm_password, confirmed));
