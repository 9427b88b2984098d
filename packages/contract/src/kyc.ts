import { z } from 'zod';
import { pageQuery, paged, queryRowId, rowId } from './common.ts';
import { NICKNAME_MAX } from './values.ts';

/** Profile: the nickname a player shows (the avatar is uploaded apart, as multipart). */
export const profileUpdateRequest = z.object({
  nickname: z.string().trim().min(1, 'NICKNAME_FORMAT').max(NICKNAME_MAX, 'NICKNAME_FORMAT'),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

/** The answer to an avatar upload: the URL the API serves the re-encoded picture from. */
export const avatarResponse = z.object({ avatar: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponse>;
/** An avatar is read by its stored name (random, 32 hex digits). */
export const avatarQuery = z.object({ f: z.string().regex(/^[a-f0-9]{32}\.webp$/, 'NOT_FOUND') });

export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 60;
/** Letters (any script), spaces, dots, apostrophes and hyphens. */
export const REAL_NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
/** ID card or passport number: letters and digits (spaces and dashes are dropped before the check). */
export const DOCUMENT_NUMBER_RE = /^[A-Za-z0-9]{4,30}$/;

/** The text fields of a KYC submission (the photos `front` and `back` are files of the same multipart body). */
export const kycSubmitFields = z.object({
  real_name: z
    .string('REQUIRED_FIELDS')
    .trim()
    .min(1, 'REQUIRED_FIELDS')
    .min(REAL_NAME_MIN, 'REAL_NAME_FORMAT')
    .max(REAL_NAME_MAX, 'REAL_NAME_FORMAT')
    .regex(REAL_NAME_RE, 'REAL_NAME_FORMAT'),
  document_number: z
    .string('REQUIRED_FIELDS')
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().min(1, 'REQUIRED_FIELDS').regex(DOCUMENT_NUMBER_RE, 'DOCUMENT_NUMBER_FORMAT')),
});
export type KycSubmitFields = z.infer<typeof kycSubmitFields>;

export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_SIDES = ['front', 'back'] as const;

/** The player's verification: `none` before a first submission; the latest submission otherwise. */
export const kycIndex = z.object({
  status: z.enum(['none', ...KYC_STATUSES]),
  id: z.number().int().nullable(),
  real_name: z.string().nullable(),
  /** Masked but for its last four characters. */
  document_number: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.number().int().nullable(),
  decided_at: z.number().int().nullable(),
  /** Whether a withdrawal needs verified identity (the operator's setting). */
  required_for_withdrawal: z.boolean(),
});
export type KycIndex = z.infer<typeof kycIndex>;

/** One photo of a submission: its owner and operators may read it. */
export const kycImageQuery = z.object({
  id: queryRowId('KYC_NOT_FOUND'),
  side: z.enum(KYC_SIDES),
});

export const adminKycListQuery = pageQuery.extend({ status: z.enum(KYC_STATUSES).default('pending') });

/**
 * Another account that submitted the same identity document (the number compared without spaces, dashes or case):
 * its status with that document (its latest submission of it), whether it is frozen by an operator, and whether it
 * is on a time-out or self-exclusion now.
 */
export const kycDocumentMatch = z.object({
  user_id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  kyc_status: z.enum(KYC_STATUSES),
  frozen: z.boolean(),
  on_break: z.boolean(),
});
export type KycDocumentMatch = z.infer<typeof kycDocumentMatch>;

/** Why approving a submission would be refused today (the error key the approval answers), or null. */
export const KYC_APPROVAL_BLOCKS = ['KYC_DOCUMENT_IN_USE', 'KYC_DOCUMENT_HOLDER_RESTRICTED'] as const;

export const adminKyc = z.object({
  id: z.number().int(),
  user: z.object({ user_id: z.number().int(), account: z.string(), nickname: z.string() }),
  real_name: z.string(),
  document_number: z.string(),
  status: z.enum(KYC_STATUSES),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  /** The other accounts that submitted the same document (empty for most submissions). */
  document_matches: z.array(kycDocumentMatch),
  /** For a pending submission, why approving it is refused (another account verified, or restricted): else null. */
  approval_blocked: z.enum(KYC_APPROVAL_BLOCKS).nullable(),
});
export type AdminKyc = z.infer<typeof adminKyc>;
export const adminKycPage = paged(adminKyc);

export const kycDecisionRequest = z.object({
  id: rowId('KYC_NOT_FOUND'),
  reason: z.string().trim().max(200, 'VALIDATION_FAILED').optional(),
});
export type KycDecisionRequest = z.infer<typeof kycDecisionRequest>;
