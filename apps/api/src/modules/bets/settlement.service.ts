/**
 * Settlement and void (docs/trust.md 8–10).
 *
 * Settlement runs in its own loop of the scheduler (draws/runner.ts), woken when tick draws a period and every few
 * seconds besides: `settleDrawnPeriods` settles each period in status 'drawn', oldest first, each in ONE
 * transaction that locks the period row FOR UPDATE and re-checks it is still 'drawn' (a second settler — another
 * call, another instance — waits, then finds it 'settled' and does nothing). Inside, set-based, so a period of 10⁶
 * slips never comes into JavaScript:
 *   1. the verdict of every play a stored item can name (the family's plays on the period's draw date and, for
 *      Mark Six, every all-in) is computed once by the domain (settlePlay) — an item's result depends only on its
 *      play code, the result and, for Mark Six, the draw date — and sent as one jsonb map code → won / lost / push;
 *   2. ONE statement reads the items' verdicts (status from the map; payout = floor(amount × odds_bps / 10000) for
 *      a win with the odds fixed at placement, the amount for a push, 0 for a loss — the domain's settleBetItem, see
 *      settlement.repository.ts itemPayoutSql), updates the slips from them (status, payout = the sum of their
 *      items', settled_at; each slip row found by its address, in page order) and the items of the slips that have
 *      several — a one-item slip's item is left as placed, its result is the slip's (bet_item_results, migration
 *      0043) — records the period's latest winning cash slips that came out ahead for Home's winning list
 *      (bet_cash_wins, as many as it shows) and lists the paying slips in a temporary table. Each table is read once
 *      and each row written at most once, and the updates are HOT (migration 0010: room on the page, no index naming
 *      a column the settlement changes — 0042 took payout back out of one that had it); no JIT compilation in this transaction. An item whose code has no verdict (a play
 *      that does not exist) fails the statement (status is NOT NULL), and a slip without items (never placed so: it
 *      would be left unsettled) fails the period once the statement counts fewer slips settled than the period had
 *      unsettled: either way the period stays 'drawn' for an operator to look at, rather than guessing a result;
 *   3. one 'payout' posting 'bet:<slipId>' per paying slip, posted in SQL by the ledger (postWalletBatch: one insert
 *      of the transactions under ids drawn with the rows, the accounts locked in key order, each account's balance
 *      updated once, one insert of the postings). The house account is locked only from here to the commit, so bets
 *      on the next periods wait for it at most that long; a cash payout of at least the big-win threshold also leaves
 *      its player a 'big_win' message (inbox/inbox.service.ts), in the same transaction;
 *   4. the period moves drawn → settled, and after the commit a 'settled' period event goes out (SSE 'settled').
 * A crash at any point rolls the whole period back: it stays 'drawn' and the next run settles it; the ledger's
 * UNIQUE (kind, reference) stands behind all of this, so no slip can ever be credited twice (a 'bet:<id>' payout
 * already posted rolls the whole period back with ALREADY_DECIDED).
 */
import { markSixAllIn, payoutCredited, playsOf, settlePlay, stakeRefunded } from '@fairdraw/domain';
import type { DrawOutcome, GameFamily, Play } from '@fairdraw/domain';
import type { BetStatus, PeriodVoidResult } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postWalletBatch } from '../ledger/ledger.service.ts';
import { bigWinThreshold, sendBigWinMessages } from '../inbox/inbox.service.ts';
import * as betsRepo from './bets.repository.ts';
import * as repo from './settlement.repository.ts';
import { parseIssue, type PeriodEventBus } from '../draws/draws.service.ts';

export type SettleReport = { periods: number; slips: number };

type ItemVerdict = 'won' | 'lost' | 'push';

const ITEM_STATUS = { win: 'won', lose: 'lost', push: 'push' } as const;

/**
 * Every play a stored item of `family` can name on `drawDate` — what the domain's findPlay resolves: the family's
 * plays and, for Mark Six, every two and three all-in (1,176 + 18,424 codes).
 */
export function* settleablePlays(family: GameFamily, drawDate: string): Generator<Play> {
  yield* playsOf(family, drawDate);
  if (family !== 'marksix') return;
  for (let a = 1; a <= 49; a++) {
    for (let b = a + 1; b <= 49; b++) {
      yield markSixAllIn([a, b]);
      for (let c = b + 1; c <= 49; c++) yield markSixAllIn([a, b, c]);
    }
  }
}

/** The item status of every play code of the family on that draw date, for this result. */
export function verdicts(family: GameFamily, drawDate: string, outcome: DrawOutcome): Record<string, ItemVerdict> {
  const map: Record<string, ItemVerdict> = {};
  for (const play of settleablePlays(family, drawDate)) map[play.code] = ITEM_STATUS[settlePlay(play, outcome)];
  return map;
}

/**
 * Settles every drawn period, oldest first, one transaction each, and announces each on `events` once committed.
 * A period that fails stays 'drawn' and does not hold up the others: they are settled, then the first failure is
 * thrown.
 */
export async function settleDrawnPeriods(
  db: Db,
  now: Date,
  ctx: { events?: PeriodEventBus | undefined } = {},
): Promise<SettleReport> {
  const due = await repo.drawnPeriodIds(db);
  const report: SettleReport = { periods: 0, slips: 0 };
  const failures: unknown[] = [];
  for (const periodId of due) {
    let settled: SettledPeriod | undefined;
    try {
      settled = await settlePeriod(db, periodId, now);
    } catch (err) {
      failures.push(err);
      continue;
    }
    if (settled !== undefined) {
      report.periods += 1;
      report.slips += settled.slips;
      await ctx.events?.publish(db, [
        { kind: 'settled', game_id: settled.game_id, period_id: periodId, issue: settled.issue },
      ]);
    }
  }
  if (failures.length > 0) throw failures[0];
  return report;
}

export type SettledPeriod = { game_id: number; issue: string; slips: number };

/** A slip whose result cannot be known: a play code with no verdict, or no items (never placed so). */
class Unsettleable extends Error {}

/** Settles one drawn period; undefined when it is not (or no longer) 'drawn'. */
export async function settlePeriod(db: Db, periodId: number, now: Date): Promise<SettledPeriod | undefined> {
  let map: Record<string, ItemVerdict> = {};
  try {
    return await db.transaction().execute(async (trx) => {
      const period = await repo.lockPeriodForSettlement(trx, periodId);
      if (!period || period.status !== 'drawn' || !period.result) return undefined;
      // A period nobody bet on (most periods of most games) is marked settled as it is: no verdicts, no statement.
      let slips = 0;
      if (await repo.hasUnsettledSlips(trx, period.id)) {
        const family = await repo.gameFamily(trx, period.game_id);
        const drawDate = parseIssue(period.issue)?.date;
        if (!drawDate) throw new Error(`period ${period.id}: not an issue: ${period.issue}`);
        map = verdicts(family as GameFamily, drawDate, period.result);

        await repo.createPayoutTable(trx);
        try {
          const settled = await repo.settleSlips(trx, period.id, JSON.stringify(map), now);
          if (settled.unknown > 0) throw new Unsettleable();
          slips = settled.slips;
        } catch (err) {
          if (isNotNull(err, 'bets') || isNotNull(err, 'bet_items')) throw new Unsettleable();
          throw err;
        }
        // All the period's payouts in one batch: each account (the house once) updated once.
        await postWalletBatch(trx, payoutCredited, repo.payoutsToPost(), now);
        // A win above the threshold tells its player, in the same transaction as the payout.
        const wins = await repo.cashPayoutsFrom(trx, await bigWinThreshold(trx));
        await sendBigWinMessages(trx, period.game_id, period.issue, wins, now);
        await repo.dropPayoutTable(trx);
      }

      if (!(await repo.markSettled(trx, period.id, now))) {
        throw new Error(`period ${period.id} left 'drawn' during settlement`);
      }
      return { game_id: period.game_id, issue: period.issue, slips };
    });
  } catch (err) {
    if (!(err instanceof Unsettleable)) throw err;
    // The transaction is rolled back: the period stays 'drawn'; name the slip for the operator.
    const found = await repo.firstUnsettleable(db, periodId, JSON.stringify(map));
    const what =
      found === undefined
        ? 'a slip whose result is unknown'
        : found.code === null
          ? `slip ${found.slip}: no items`
          : `slip ${found.slip}${found.item === null ? '' : `, bet item ${found.item}`}: unknown play ${found.code}`;
    throw new Error(`period ${periodId} not settled: ${what}`, { cause: err });
  }
}

/** A NOT NULL violation on `table` (PostgreSQL and PGlite errors carry the SQLSTATE and the table). */
function isNotNull(err: unknown, table: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; table?: unknown; message?: unknown };
  return e.code === '23502' && (e.table === table || String(e.message).includes(`"${table}"`));
}

/** Won if any item won, push if every item pushed, lost otherwise. */
export function slipStatus(items: readonly BetStatus[]): BetStatus {
  if (items.includes('won')) return 'won';
  if (items.length > 0 && items.every((s) => s === 'push')) return 'push';
  return 'lost';
}

/**
 * An operator voids a period before its draw (the periods trigger refuses voiding a drawn one): the period becomes
 * 'void' with the reason, every unsettled slip of it is refunded once ('refund' / 'bet-refund:<slipId>') and marked
 * void with its items, and one audit row records it — all in one transaction, with the period row locked so tick
 * cannot draw it and no bet batch (which locks it FOR SHARE) add a slip meanwhile. Set-based by period, like the
 * settlement: the refunds are posted by the ledger in SQL (postWalletBatch: the accounts locked in the ledger's
 * order, each updated once) and the slips and items marked in two statements, so no slip comes into JavaScript and
 * no statement carries one bind parameter per slip.
 */
export async function voidPeriod(
  db: Db,
  actor: AuditActor,
  input: { games_id: number; issue: string; reason: string },
  now: Date,
): Promise<PeriodVoidResult> {
  const reason = input.reason.trim();
  if (reason === '') throw new AppError('REASON_REQUIRED', { field: 'reason' });
  return db.transaction().execute(async (trx) => {
    const period = await betsRepo.lockPeriod(trx, input.games_id, input.issue);
    if (!period) throw new AppError('NOT_FOUND', { field: 'issue' });
    if (!['scheduled', 'open', 'sealed'].includes(period.status)) throw new AppError('ALREADY_DECIDED');
    await betsRepo.markPeriodVoid(trx, period.id, reason);
    // Refunds first, read from the slips while they are still unsettled; a refund already posted → ALREADY_DECIDED.
    const refunded = await postWalletBatch(trx, stakeRefunded, betsRepo.unsettledStakes(period.id), now);
    const voided = await betsRepo.voidUnsettledSlips(trx, period.id, now);
    if (voided !== refunded) throw new Error(`void: ${refunded} refunds for ${voided} slips of period ${period.id}`);
    await writeAudit(
      trx,
      actor,
      'period.void',
      `period:${period.id}`,
      { status: period.status },
      { status: 'void', void_reason: reason, refunded },
    );
    return {
      games_id: period.game_id,
      issue: period.issue,
      status: 'void',
      void_reason: reason,
      refunded,
    };
  });
}
