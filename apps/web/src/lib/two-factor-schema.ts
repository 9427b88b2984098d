import { z } from 'zod';
import { twoFactorDisableRequest, twoFactorEnableRequest, twoFactorSetupRequest } from '@fairdraw/contract';

export type CodeValues = { code: string };
export const CODE_FIELDS = ['code'] as const;
const typed = z.object({ code: z.string() }).transform((v) => ({ code: v.code.replace(/\s/g, '') }));

/** The first code of a new key: six digits. */
export const enableSchema = typed.pipe(twoFactorEnableRequest);
/** Turning it off, or the login's second step: six digits or a recovery code. */
export const codeSchema = typed.pipe(twoFactorDisableRequest);

/** Starting the set-up: the login password (a session alone cannot enrol the account). */
export type SetupValues = { password: string };
export const SETUP_FIELDS = ['password'] as const;
export const setupSchema = twoFactorSetupRequest;
