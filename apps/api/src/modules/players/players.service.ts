/**
 * The console's Players screen (README.md): find a player, read his wallet, limits, identity verification and
 * records through the modules that own them, freeze or unfreeze him with a reason, reset his login password. Every
 * action writes the audit log with the state before and after, in its own transaction.
 */
import { randomInt } from 'node:crypto';
import type { CurrencyCode } from '@fairdraw/domain';
import type {
  StatementHistory,
  AdminPlayer,
  AdminPlayerDetail,
  AdminPlayerResetAnswer,
  BetSlip,
  Deposit,
  Lang,
  InboxList,
  Paged,
  Withdrawal,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { getHistory } from '../statement/statement.service.ts';
import { clearAccountFailures } from '../auth/auth.service.ts';
import { isTwoFactorOn, removeTwoFactor } from '../auth/two-factor.service.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { listOwnBets } from '../bets/bets.service.ts';
import { kycIndex } from '../kyc/kyc.service.ts';
import { listMessages, sendSystemMessage } from '../inbox/inbox.service.ts';
import { getLimits } from '../protection/limits.service.ts';
import { listDepositsOf } from '../recharge/deposits.service.ts';
import { getWallet } from '../wallet/wallet.service.ts';
import { listOwnWithdrawals } from '../withdraw/withdraw.service.ts';
import * as repo from './players.repository.ts';
import type { PlayerRow } from './players.repository.ts';

export type PlayersContext = { currency: CurrencyCode; timeZone: string; lang: Lang; now: Date };
type PageQuery = { page: number; limit: number };

export function toAdminPlayer(r: PlayerRow): AdminPlayer {
  return {
    id: r.id,
    account: r.account,
    nickname: r.nickname,
    role: r.role,
    is_guest: r.is_guest,
    created_at: r.created_at.getTime(),
    frozen: r.frozen_at !== null,
    frozen_at: r.frozen_at ? r.frozen_at.getTime() : null,
    frozen_reason: r.frozen_reason,
    must_change_password: r.must_change_password,
  };
}

/** What the audit log keeps of a player: never a password or its hash. */
function snapshot(r: PlayerRow) {
  return {
    frozen: r.frozen_at !== null,
    frozen_reason: r.frozen_reason,
    must_change_password: r.must_change_password,
  };
}

export async function searchPlayers(
  db: Db,
  query: PageQuery & { q?: string | undefined },
): Promise<Paged<AdminPlayer>> {
  const rows = await repo.searchPlayers(db, query.q || undefined, query.page, query.limit);
  return toPage(rows, query, toAdminPlayer);
}

async function playerOrThrow(db: Db, id: number): Promise<PlayerRow> {
  const row = await repo.findPlayer(db, id);
  if (!row) throw new AppError('PLAYER_NOT_FOUND');
  return row;
}

/** The player as the modules that take a session see him (no session of his: sessionId 0). */
function asSessionUser(r: PlayerRow): SessionUser {
  return {
    id: r.id,
    sessionId: 0,
    account: r.account,
    nickname: r.nickname,
    avatar: '',
    role: r.role,
    isGuest: r.is_guest,
    createdAt: r.created_at,
    hasFundPassword: false,
    frozen: r.frozen_at !== null,
    mustChangePassword: r.must_change_password,
  };
}

export async function playerDetail(db: Db, id: number, ctx: PlayersContext): Promise<AdminPlayerDetail> {
  const row = await playerOrThrow(db, id);
  const user = asSessionUser(row);
  const [wallet, limits, kyc, twoFactor] = await Promise.all([
    getWallet(db, user, ctx.currency),
    getLimits(db, user, ctx.now, ctx),
    kycIndex(db, id),
    isTwoFactorOn(db, id),
  ]);
  return { player: toAdminPlayer(row), wallet, limits, kyc, two_factor: twoFactor };
}

export async function playerLedger(
  db: Db,
  id: number,
  query: PageQuery,
  ctx: PlayersContext,
): Promise<StatementHistory> {
  await playerOrThrow(db, id);
  return getHistory(db, id, query, ctx.now, ctx.timeZone);
}

export async function playerBets(db: Db, id: number, query: PageQuery, ctx: PlayersContext): Promise<Paged<BetSlip>> {
  await playerOrThrow(db, id);
  return listOwnBets(db, id, query, ctx);
}

export async function playerDeposits(
  db: Db,
  id: number,
  query: PageQuery,
  ctx: PlayersContext,
): Promise<Paged<Deposit>> {
  await playerOrThrow(db, id);
  return listDepositsOf(db, id, query, ctx.currency, ctx.lang);
}

export async function playerWithdrawals(db: Db, id: number, query: PageQuery): Promise<Paged<Withdrawal>> {
  await playerOrThrow(db, id);
  return listOwnWithdrawals(db, id, query);
}

export async function playerMessages(db: Db, id: number, query: PageQuery, ctx: PlayersContext): Promise<InboxList> {
  const row = await playerOrThrow(db, id);
  return listMessages(
    db,
    { id, createdAt: row.created_at },
    { lang: ctx.lang, site: ctx.currency },
    query.page,
    query.limit,
    ctx.now,
  );
}

/**
 * Freezes a player with a reason: from its commit on, his bets and deposits are refused (403 ACCOUNT_FROZEN); he
 * may still log in and withdraw. The row is locked (FOR NO KEY UPDATE, db/player-lock.ts), so the freeze waits for a bet batch or a deposit that
 * holds it, and those that come after it see it.
 */
export async function freezePlayer(
  db: Db,
  actor: AuditActor,
  input: { id: number; reason: string },
  now: Date,
): Promise<AdminPlayer> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPlayer(trx, input.id);
    if (!before) throw new AppError('PLAYER_NOT_FOUND');
    if (before.frozen_at !== null) throw new AppError('PLAYER_ALREADY_FROZEN');
    const after = await repo.setFrozen(trx, input.id, { at: now, reason: input.reason });
    await writeAudit(trx, actor, 'player.freeze', `user:${input.id}`, snapshot(before), snapshot(after));
    return toAdminPlayer(after);
  });
}

/** Lifts a freeze; the reason is kept in the audit log. */
export async function unfreezePlayer(
  db: Db,
  actor: AuditActor,
  input: { id: number; reason: string },
): Promise<AdminPlayer> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPlayer(trx, input.id);
    if (!before) throw new AppError('PLAYER_NOT_FOUND');
    if (before.frozen_at === null) throw new AppError('PLAYER_NOT_FROZEN');
    const after = await repo.setFrozen(trx, input.id, null);
    await writeAudit(trx, actor, 'player.unfreeze', `user:${input.id}`, snapshot(before), {
      ...snapshot(after),
      reason: input.reason,
    });
    return toAdminPlayer(after);
  });
}

/** Letters and digits a person reads without doubt (no 0/O, 1/l/I); 12 of them: about 70 bits. */
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_LENGTH = 12;

/** A temporary login password that follows the registration rule (REGISTER_PASSWORD_RE), with a letter and a digit. */
export function temporaryPassword(): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < TEMP_LENGTH; i++) s += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
    if (/[A-Za-z]/.test(s) && /\d/.test(s)) return s;
  }
}

/**
 * Resets a player's login password to a temporary one, answered once to the operator and never stored in clear
 * nor logged (only its argon2id hash is kept). Every session of the player ends in the same transaction, his failed
 * logins are forgotten, and until he has chosen his own password only the calls of PASSWORD_CHANGE_ALLOWED
 * (plugins/auth.ts) answer him. A guest has no password to reset (PLAYER_NOT_FOUND).
 */
export async function resetPassword(db: Db, actor: AuditActor, id: number, now: Date): Promise<AdminPlayerResetAnswer> {
  const temporary = temporaryPassword();
  const hash = await hashPassword(temporary);
  const player = await db.transaction().execute(async (trx) => {
    const before = await repo.lockPlayer(trx, id);
    if (!before || before.is_guest || before.role !== 'player') throw new AppError('PLAYER_NOT_FOUND');
    const after = await repo.setResetPassword(trx, id, hash);
    const ended = await repo.revokeAllSessions(trx, id, now);
    await clearAccountFailures(trx, before.account.toLowerCase());
    await writeAudit(trx, actor, 'player.reset_password', `user:${id}`, snapshot(before), {
      ...snapshot(after),
      sessions_ended: ended,
    });
    return toAdminPlayer(after);
  });
  return { player, temporary_password: temporary };
}

/** "YYYY-MM-DD HH:mm UTC", the way the player's messages give a time. */
const utcMinute = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Removes the two-step verification of a player or another operator who lost the phone and the recovery codes
 * (an operator removes his own only by turning it off with a code: 403 TWO_FACTOR_REMOVE_OWN). One transaction locks
 * the user row, deletes the key and the codes, ends every session of the account, tells a player in his inbox
 * (`two_factor_removed`) and writes the audit row (`player.remove_two_factor`, the reason in its `after`). A guest
 * or an unknown id: 404 PLAYER_NOT_FOUND; two-step verification off: 409 TWO_FACTOR_NOT_ENABLED. Answers how many
 * sessions ended.
 */
export async function removePlayerTwoFactor(
  db: Db,
  actor: AuditActor,
  input: { id: number; reason: string },
  now: Date,
): Promise<{ sessions_ended: number }> {
  if (actor.userId === input.id) throw new AppError('TWO_FACTOR_REMOVE_OWN');
  return db.transaction().execute(async (trx) => {
    const member = await repo.lockMember(trx, input.id);
    if (!member) throw new AppError('PLAYER_NOT_FOUND');
    const removed = await removeTwoFactor(trx, input.id);
    if (!removed) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const ended = await repo.revokeAllSessions(trx, input.id, now);
    if (member.role === 'player') {
      await sendSystemMessage(trx, input.id, 'two_factor_removed', { time: utcMinute(now) }, now);
    }
    await writeAudit(
      trx,
      actor,
      'player.remove_two_factor',
      `user:${input.id}`,
      { two_factor: true, recovery_codes_left: removed.recovery_codes_left },
      { two_factor: false, reason: input.reason, sessions_ended: ended },
    );
    return { sessions_ended: ended };
  });
}
