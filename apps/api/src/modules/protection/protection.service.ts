import { chooseExclusion, EXCLUSION_KINDS, exclusionEnd, isSelfExclusion, latestExclusion } from '@fairdraw/domain';
import type { ExclusionKind } from '@fairdraw/domain';
import { formatInstant } from '@fairdraw/contract';
import type { ActiveExclusion, ExcludeRequest, Lang, ProtectionState } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { playerTransaction } from '../../db/player-lock.ts';
import type { SelfExclusionRow } from '../../db/tables-protection.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { verifyLoginPassword } from '../auth/password-check.service.ts';
import type { LoginThrottleSettings } from '../auth/password-check.service.ts';
import * as repo from './protection.repository.ts';

/**
 * Time-out and self-exclusion (docs/trust.md 30). A player chooses a break (domain self-exclusion.ts); from that moment
 * until its end every bet and deposit of theirs is refused with 403 SELF_EXCLUDED. A break can only be made longer.
 *
 * For other modules (bets, deposits): `activeExclusion` / `activeExclusions` tell whether a player is on a break at
 * `now`, and `exclusionError` (or `assertNotExcluded`) builds the refusal with its `until` parameter.
 */

/** A break running at some instant. */
export type RunningExclusion = {
  kind: ExclusionKind;
  /** false for a time-out (24 h, 7 d, 30 d), true for a self-exclusion (6 months or more). */
  selfExclusion: boolean;
  startsAt: Date;
  endsAt: Date;
};

function toRunning(row: SelfExclusionRow): RunningExclusion {
  return {
    kind: row.kind,
    selfExclusion: isSelfExclusion(row.kind),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

/** The binding break of each row set: the running one that ends last (domain latestExclusion). */
function latest(rows: readonly SelfExclusionRow[], now: Date): SelfExclusionRow | null {
  const best = latestExclusion(
    rows.map((row) => ({ kind: row.kind, ends_at: row.ends_at.getTime(), row })),
    now.getTime(),
  );
  return best ? best.row : null;
}

/**
 * The players among `userIds` who are on a break at `now`, each with the break that binds (the one ending last).
 * Players with no running break are absent from the map. One query for any number of players.
 */
export async function activeExclusions(
  db: Db,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, RunningExclusion>> {
  const unique = [...new Set(userIds)];
  const rows = await repo.listRunning(db, unique, now);
  const byUser = new Map<number, SelfExclusionRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(row);
    else byUser.set(row.user_id, [row]);
  }
  const out = new Map<number, RunningExclusion>();
  for (const [userId, list] of byUser) {
    const row = latest(list, now);
    if (row) out.set(userId, toRunning(row));
  }
  return out;
}

/** The break of one player running at `now`, or null. */
export async function activeExclusion(db: Db, userId: number, now: Date): Promise<RunningExclusion | null> {
  return (await activeExclusions(db, [userId], now)).get(userId) ?? null;
}

/**
 * The end of a break as messages tell it: in the business time zone, in the words and calendar of the answer's
 * language (as the /my screen shows it), seconds rounded up so the time told is never before the real end.
 */
function breakEnd(endsAt: number, timeZone: string): (lang: Lang) => string {
  const minute = Math.ceil(endsAt / 60_000) * 60_000;
  return (lang) => formatInstant(minute, lang, timeZone, { withYear: true });
}

/**
 * The refusal for a player on a break: 403 SELF_EXCLUDED with `until`, the end in the business time zone
 * ('2027-05-22 14:05 (UTC+07:00)'), which the translated message names.
 */
export function exclusionError(exclusion: Pick<RunningExclusion, 'endsAt'>, timeZone: string): AppError {
  return new AppError('SELF_EXCLUDED', { params: { until: breakEnd(exclusion.endsAt.getTime(), timeZone) } });
}

/** Throws 403 SELF_EXCLUDED while the player is on a break at `now`. */
export async function assertNotExcluded(db: Db, userId: number, now: Date, timeZone: string): Promise<void> {
  const running = await activeExclusion(db, userId, now);
  if (running) throw exclusionError(running, timeZone);
}

function toActive(running: RunningExclusion): ActiveExclusion {
  return {
    kind: running.kind,
    self_exclusion: running.selfExclusion,
    starts_at: running.startsAt.getTime(),
    ends_at: running.endsAt.getTime(),
  };
}

function state(running: RunningExclusion | null, now: Date, timeZone: string): ProtectionState {
  const t = now.getTime();
  const current = running ? { kind: running.kind, ends_at: running.endsAt.getTime() } : null;
  return {
    active: running ? toActive(running) : null,
    choices: EXCLUSION_KINDS.map((kind) => ({
      kind,
      self_exclusion: isSelfExclusion(kind),
      ends_at: exclusionEnd(kind, t),
      allowed: chooseExclusion(current, kind, t).ok,
    })),
    time_zone: timeZone,
    server_time: t,
  };
}

/** The player's view: the running break (if any) and each choice as it would apply now. */
export async function getProtection(db: Db, userId: number, now: Date, timeZone: string): Promise<ProtectionState> {
  return state(await activeExclusion(db, userId, now), now, timeZone);
}

export type ExcludeSettings = LoginThrottleSettings & { businessTimeZone: string };

/**
 * Starts (or lengthens) a break: the login password must verify (a wrong one counts against the login throttle),
 * then, under a lock on the player's row, the choice must end after any running break (else 409
 * EXCLUSION_NOT_LONGER, nothing changes). The new row and its audit entry commit together.
 */
export async function exclude(
  db: Db,
  user: SessionUser,
  input: ExcludeRequest,
  now: Date,
  settings: ExcludeSettings,
): Promise<ProtectionState> {
  await verifyLoginPassword(db, user, input.password, now, settings, 'PASSWORD_INCORRECT', 'password');
  // The player's row is locked first (db/player-lock.ts): two choices at once cannot both read "nothing running".
  const running = await playerTransaction(db, user.id, async (trx) => {
    const before = latest(await repo.listRunning(trx, [user.id], now), now);
    const current = before ? { kind: before.kind, ends_at: before.ends_at.getTime() } : null;
    const decision = chooseExclusion(current, input.kind, now.getTime());
    if (!decision.ok) {
      throw new AppError('EXCLUSION_NOT_LONGER', {
        field: 'kind',
        params: { until: breakEnd(decision.current.ends_at, settings.businessTimeZone) },
      });
    }
    const row = await repo.insertExclusion(trx, {
      user_id: user.id,
      kind: decision.kind,
      starts_at: new Date(decision.starts_at),
      ends_at: new Date(decision.ends_at),
    });
    const snapshot = (r: SelfExclusionRow) => ({
      id: r.id,
      kind: r.kind,
      starts_at: r.starts_at.toISOString(),
      ends_at: r.ends_at.toISOString(),
    });
    await writeAudit(
      trx,
      { userId: user.id, account: user.account },
      'protection.exclude',
      `user:${user.id}`,
      before ? snapshot(before) : null,
      snapshot(row),
    );
    return toRunning(row);
  });
  return state(running, now, settings.businessTimeZone);
}
