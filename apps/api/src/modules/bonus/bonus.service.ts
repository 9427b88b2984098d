/**
 * The daily rebate and the bonus balance (README.md beside this file; issue 12).
 *
 *   computeDailyRebates(db, now, timeZone)  yesterday's rebates, once
 *   computeDueRebates(db, now, timeZone)    the scheduler's job: days it missed, then yesterday's, each once
 *   bonusIndex / claimRebates / listRebates  the player's screen
 *   bonusLockOf(db, userId)                   what the claimed bonus still holds back (wallet, withdrawals)
 *   getRebateSettings / saveRebateSettings    the operator's rates, audited
 */
import {
  addDays,
  bonusLock,
  CURRENCIES,
  dailyRebate,
  GAME_FAMILIES,
  localDate,
  minor,
  rebateCredited,
  reportRange,
  zonedInstant,
} from '@fairdraw/domain';
import type { BonusLock, CurrencyCode, GameFamily, RebateRate } from '@fairdraw/domain';
import type {
  AdminBonusSettings,
  AdminBonusSettingsRequest,
  BonusClaimAnswer,
  BonusIndex,
  BonusList,
  BonusLockData,
  RebateFamily,
  RebateRateData,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/paging.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { inTransaction } from '../../lib/commit.ts';
import { assertNotFrozen } from '../auth/auth.service.ts';
import type { Commit } from '../../lib/commit.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postTransactions } from '../ledger/ledger.service.ts';
import * as repo from './bonus.repository.ts';
import type { RebateRow } from './bonus.repository.ts';

/**
 * A day's rebates are computed this long after the day ended: a settlement that began before midnight (its
 * settled_at, the turnover's day, is before midnight) has committed by then.
 */
export const REBATE_GRACE_MS = 5 * 60_000;

const isFamily = (f: string): f is GameFamily => (GAME_FAMILIES as readonly string[]).includes(f);

function toRates(rows: readonly repo.RateRow[]): RebateRate[] {
  return rows.flatMap((r) =>
    isFamily(r.family) ? [{ family: r.family, rateBps: r.rate_bps, multiple: r.multiple }] : [],
  );
}

function toRateData(rows: readonly repo.RateRow[]): RebateRateData[] {
  const order = (f: string) => GAME_FAMILIES.indexOf(f as GameFamily);
  return rows
    .filter((r) => isFamily(r.family))
    .sort((a, b) => order(a.family) - order(b.family))
    .map((r) => ({ family: r.family as RebateFamily, rate_bps: r.rate_bps, multiple: r.multiple }));
}

export type DailyRebateReport = { day: string; computed: boolean; players: number; total: number };

/**
 * How far back a day the job missed — every instance down from before its grace to after the next midnight — is
 * still computed: the days after the first computed one (never days before rebates existed on the site), within
 * this many days of the last one due.
 */
export const REBATE_CATCH_UP_DAYS = 7;

/**
 * Computes the rebates of the business day before `now`'s (in `timeZone`), once: the day's row in
 * bonus_rebate_days is inserted first (ON CONFLICT DO NOTHING), so a second run — or a second instance racing this
 * one — inserts nothing and computes nothing; each rebate is UNIQUE (user_id, day) besides. Nothing before
 * REBATE_GRACE_MS after midnight. The turnover is read in the same transaction.
 */
export async function computeDailyRebates(db: Db, now: Date, timeZone: string): Promise<DailyRebateReport> {
  const { from, to } = reportRange('yesterday', now, timeZone);
  const day = localDate(from.getTime(), timeZone);
  if (now.getTime() < to.getTime() + REBATE_GRACE_MS) {
    // Still within the grace: the day before yesterday is the last one that may be computed (it normally is).
    return { day, computed: false, players: 0, total: 0 };
  }
  return computeDay(db, day, now, timeZone);
}

/**
 * The scheduler's job: every day due and not computed yet, oldest first — the days the job missed
 * (REBATE_CATCH_UP_DAYS), then yesterday — each computed once as computeDailyRebates computes it. Answers the days
 * it computed.
 */
export async function computeDueRebates(db: Db, now: Date, timeZone: string): Promise<DailyRebateReport[]> {
  const yesterday = localDate(reportRange('yesterday', now, timeZone).from.getTime(), timeZone);
  const lastDue =
    now.getTime() < reportRange('today', now, timeZone).from.getTime() + REBATE_GRACE_MS
      ? addDays(yesterday, -1)
      : yesterday;
  const since = addDays(lastDue, 1 - REBATE_CATCH_UP_DAYS);
  const { first, computed } = await repo.computedDaysSince(db, since);
  const done = new Set(computed);
  const out: DailyRebateReport[] = [];
  // Before any day was computed, only the last one due is (the first run of a site starts there).
  for (let day = first === null ? lastDue : since; day <= lastDue; day = addDays(day, 1)) {
    if (done.has(day) || (first !== null && day <= first)) continue;
    const report = await computeDay(db, day, now, timeZone);
    if (report.computed) out.push(report);
  }
  return out;
}

/** One business day's rebates (`day` in `timeZone`), computed once (computeDailyRebates says how). */
async function computeDay(db: Db, day: string, now: Date, timeZone: string): Promise<DailyRebateReport> {
  const none = { day, computed: false, players: 0, total: 0 };
  if (await repo.isDayComputed(db, day)) return none;
  const from = new Date(zonedInstant(day, 0, timeZone));
  const to = new Date(zonedInstant(addDays(day, 1), 0, timeZone));
  return db.transaction().execute(async (trx) => {
    if (!(await repo.claimDay(trx, day, now))) return none;
    const rates = toRates(await repo.rates(trx));
    const turnover = await repo.turnoverSettledBetween(trx, from, to);
    const byUser = new Map<number, Map<GameFamily, number>>();
    for (const row of turnover) {
      if (!isFamily(row.family)) continue;
      const families = byUser.get(row.user_id) ?? new Map<GameFamily, number>();
      families.set(row.family, row.turnover);
      byUser.set(row.user_id, families);
    }
    const rebates: repo.NewRebate[] = [];
    for (const [userId, families] of byUser) {
      const r = dailyRebate(families, rates);
      if (r.amount <= 0) continue;
      rebates.push({
        user_id: userId,
        day,
        turnover: [...families.values()].reduce((s, v) => s + v, 0),
        amount: r.amount,
        requirement: r.requirement,
        lines: r.lines.map((l) => ({
          family: l.family,
          turnover: l.turnover,
          rate_bps: l.rateBps,
          multiple: l.multiple,
          amount: l.amount,
        })),
      });
    }
    const inserted = await repo.insertRebates(trx, rebates, now);
    const total = rebates.reduce((s, r) => s + r.amount, 0);
    await repo.finishDay(trx, day, inserted, total);
    return { day, computed: true, players: inserted, total };
  });
}

function toLockData(lock: BonusLock): BonusLockData {
  return { ...lock, left: Math.max(0, lock.requirement - lock.progress) };
}

/** What the player's claimed rebates still hold back (domain bonusLock over the claims and the stakes after each). */
export async function bonusLockOf(db: Db, userId: number): Promise<BonusLockData> {
  const rows = await repo.claimedWithStakesAfter(db, userId);
  return toLockData(
    bonusLock(rows.map((r) => ({ amount: r.amount, requirement: r.requirement, stakedAfter: r.staked_after }))),
  );
}

export async function bonusIndex(db: Db, user: SessionUser, currency: CurrencyCode): Promise<BonusIndex> {
  const rates = toRateData(await repo.rates(db));
  const base = { rates, currency, exponent: CURRENCIES[currency].exponent };
  if (user.isGuest) {
    return { ...base, claimable: 0, claimable_days: [], bonus: { locked: 0, requirement: 0, progress: 0, left: 0 } };
  }
  const [pending, bonus] = await Promise.all([repo.unclaimedRebates(db, user.id), bonusLockOf(db, user.id)]);
  return {
    ...base,
    claimable: pending.reduce((s, r) => s + r.amount, 0),
    claimable_days: pending.map((r) => r.day),
    bonus,
  };
}

/**
 * Claims every computed rebate the player has not claimed (normally yesterday's: one a day), in ONE database
 * transaction: the rows are marked claimed and each is credited from the house's bonus account to the player's
 * cash under the ledger kind 'rebate' and the reference 'rebate:<id>' (UNIQUE (kind, reference): a rebate is
 * credited once). Nothing to claim → BONUS_NOTHING_TO_CLAIM; a parallel claim waits for this one's rows, then
 * finds nothing. A player frozen by an operator is refused (403 ACCOUNT_FROZEN, modules/players), read under the
 * lock on his row in the claim's transaction, so a freeze that commits first refuses it.
 */
export async function claimRebates(
  db: Db,
  user: SessionUser,
  now: Date,
  commit: Commit = inTransaction(db, user.id),
): Promise<BonusClaimAnswer> {
  // The session's view first; checked again under the lock in the transaction.
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  return commit(async (trx) => {
    await assertNotFrozen(trx, user.id);
    const rows = await repo.markClaimed(trx, user.id, now);
    if (rows.length === 0) throw new AppError('BONUS_NOTHING_TO_CLAIM');
    await postTransactions(
      trx,
      rows.map((r) => ({ tx: rebateCredited(user.id, minor(r.amount)), reference: `rebate:${r.id}` })),
      now,
    );
    return {
      claimed: rows.reduce((s, r) => s + r.amount, 0),
      days: rows.map((r) => r.day),
      bonus: await bonusLockOf(trx, user.id),
    };
  });
}

function toItem(r: RebateRow) {
  return {
    id: r.id,
    day: r.day,
    turnover: r.turnover,
    amount: r.amount,
    requirement: r.requirement,
    status: r.claimed_at ? ('claimed' as const) : ('claimable' as const),
    claimed_at: r.claimed_at ? r.claimed_at.getTime() : null,
  };
}

export async function listRebates(db: Db, userId: number, query: { page: number; limit: number }): Promise<BonusList> {
  return toPage(await repo.rebatePage(db, userId, query.page, query.limit), query, toItem);
}

export async function getRebateSettings(db: Db): Promise<AdminBonusSettings> {
  return { rates: toRateData(await repo.rates(db)) };
}

/** The operator changes the rates of some families, audited with the rates before and after, in one transaction. */
export async function saveRebateSettings(
  db: Db,
  actor: AuditActor,
  input: AdminBonusSettingsRequest,
): Promise<AdminBonusSettings> {
  return db.transaction().execute(async (trx) => {
    const before = { rates: toRateData(await repo.lockRates(trx)) };
    for (const r of input.rates) await repo.saveRate(trx, r);
    const after = { rates: toRateData(await repo.rates(trx)) };
    await writeAudit(trx, actor, 'bonus.settings', 'settings:rebate', before, after);
    return after;
  });
}
