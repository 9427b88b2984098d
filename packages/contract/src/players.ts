import { z } from 'zod';
import { pageQuery, paged, queryRowId, required, rowId } from './common.ts';
import { kycIndex } from './kyc.ts';
import { limitsState } from './limits.ts';
import { role } from './user.ts';
import { walletData } from './wallet.ts';

/**
 * The console's Players screen: find a player, see his money and records, freeze or unfreeze him with a
 * reason, reset his login password. Every id is a user id; an unknown one answers 404 PLAYER_NOT_FOUND.
 */
export const PLAYER_REASON_MAX = 200;

export const adminPlayer = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role,
  is_guest: z.boolean(),
  created_at: z.number().int(),
  /** Frozen: may log in and withdraw, may not bet or deposit (ACCOUNT_FROZEN). */
  frozen: z.boolean(),
  frozen_at: z.number().int().nullable(),
  frozen_reason: z.string().nullable(),
  /** A password reset is waiting for the player to choose his own. */
  must_change_password: z.boolean(),
});
export type AdminPlayer = z.infer<typeof adminPlayer>;

/** `q`: part of the account or nickname (case-insensitive), or a user id. Empty: newest players first. */
export const adminPlayerSearchQuery = pageQuery.extend({
  q: z.string().trim().max(64, 'VALIDATION_FAILED').optional(),
});
export type AdminPlayerSearchQuery = z.infer<typeof adminPlayerSearchQuery>;
export const adminPlayerPage = paged(adminPlayer);

export const adminPlayerQuery = z.object({ id: queryRowId('PLAYER_NOT_FOUND') });
export const adminPlayerListQuery = pageQuery.extend({ id: queryRowId('PLAYER_NOT_FOUND') });
export type AdminPlayerListQuery = z.infer<typeof adminPlayerListQuery>;

export const adminPlayerDetail = z.object({
  player: adminPlayer,
  wallet: walletData,
  limits: limitsState.nullable(),
  kyc: kycIndex,
  /** Two-step verification is on (an operator may remove it: adminPlayersRemoveTwoFactor). */
  two_factor: z.boolean(),
});
export type AdminPlayerDetail = z.infer<typeof adminPlayerDetail>;

/** Freeze and unfreeze both need a reason, kept in the audit log (and, for a freeze, on the player). */
export const adminPlayerFreezeRequest = z.object({
  id: rowId('PLAYER_NOT_FOUND'),
  reason: z.string(required).trim().min(1, 'REASON_REQUIRED').max(PLAYER_REASON_MAX, 'VALIDATION_FAILED'),
});
export type AdminPlayerFreezeRequest = z.infer<typeof adminPlayerFreezeRequest>;

/**
 * Removing a player's (or another operator's) two-step verification when the phone and the recovery codes are lost:
 * the reason goes to the audit log.
 */
export const adminPlayerRemoveTwoFactorRequest = adminPlayerFreezeRequest;
export type AdminPlayerRemoveTwoFactorRequest = z.infer<typeof adminPlayerRemoveTwoFactorRequest>;
export const adminPlayerRemoveTwoFactorAnswer = z.object({ sessions_ended: z.number().int() });
export type AdminPlayerRemoveTwoFactorAnswer = z.infer<typeof adminPlayerRemoveTwoFactorAnswer>;

export const adminPlayerResetRequest = z.object({ id: rowId('PLAYER_NOT_FOUND') });
export type AdminPlayerResetRequest = z.infer<typeof adminPlayerResetRequest>;

/** The temporary password is shown once, in this answer only: it is never stored in clear nor logged. */
export const adminPlayerResetAnswer = z.object({ player: adminPlayer, temporary_password: z.string() });
export type AdminPlayerResetAnswer = z.infer<typeof adminPlayerResetAnswer>;
