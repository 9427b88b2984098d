/**
 * Settlement and void (trust.md 8–10). `settleDrawnPeriods` runs in the scheduler loop right after tick: each
 * period in status 'drawn' is settled in ONE transaction that locks the period row FOR UPDATE and re-checks it is
 * still 'drawn' (a second settler — another call, another instance — waits, then finds it 'settled' and does
 * nothing). Inside: every unsettled item gets its result from the domain's settleBetItem (with the odds fixed at
 * placement and, for Mark Six, the period's draw date), slips get their status and payout, one 'payout' posting
 * 'bet:<slipId>' per slip that pays anything, then the period moves drawn → settled. A crash at any point rolls the
 * whole period back: it stays 'drawn' and the next run settles it; the ledger's UNIQUE (kind, reference) stands
 * behind all of this so no slip can ever be credited twice.
 */
import { sql } from 'kysely';
import { minor, oddsBps, payoutCredited, settleBetItem, stakeRefunded } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import type { BetStatus, PeriodVoidResult } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postTransactions } from '../ledger/ledger.service.ts';
import { drawDateOf, playOfItem } from './bets.service.ts';

export type SettleReport = { periods: number; slips: number };

const ITEM_STATUS = { win: 'won', lose: 'lost', push: 'push' } as const;

/** Settles every drawn period, oldest first, one transaction each. */
export async function settleDrawnPeriods(db: Db, now: Date): Promise<SettleReport> {
  const due = await db
    .selectFrom('periods')
    .select('id')
    .where('status', '=', 'drawn')
    .orderBy('draw_at')
    .orderBy('id')
    .execute();
  const report: SettleReport = { periods: 0, slips: 0 };
  for (const p of due) {
    const slips = await settlePeriod(db, p.id, now);
    if (slips !== undefined) {
      report.periods += 1;
      report.slips += slips;
    }
  }
  return report;
}

/** Settles one drawn period; undefined when it is not (or no longer) 'drawn'. Returns the number of slips. */
export async function settlePeriod(db: Db, periodId: number, now: Date): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const period = await trx
      .selectFrom('periods')
      .select(['id', 'game_id', 'issue', 'status', 'result'])
      .where('id', '=', periodId)
      .forUpdate()
      .executeTakeFirst();
    if (!period || period.status !== 'drawn' || !period.result) return undefined;
    const game = await trx
      .selectFrom('games')
      .select(['family'])
      .where('id', '=', period.game_id)
      .executeTakeFirstOrThrow();
    const family = game.family as GameFamily;
    const drawDate = drawDateOf(period.issue);
    const outcome = period.result;

    const items = await trx
      .selectFrom('bet_items')
      .innerJoin('bets', 'bets.id', 'bet_items.bet_id')
      .select([
        'bet_items.id',
        'bet_items.bet_id',
        'bet_items.code',
        'bet_items.odds_bps',
        'bet_items.amount',
        'bets.user_id',
        'bets.wallet',
      ])
      .where('bets.period_id', '=', period.id)
      .where('bets.status', '=', 'unsettled')
      .orderBy('bet_items.id')
      .execute();

    type Slip = { userId: number; wallet: 'cash' | 'demo'; payout: number; statuses: BetStatus[] };
    const slips = new Map<number, Slip>();
    const itemIds: number[] = [];
    const itemStatuses: string[] = [];
    const itemPayouts: number[] = [];
    for (const it of items) {
      const play = playOfItem(family, it.code, drawDate);
      // A stored item always names a play that existed when it was accepted; failing loudly keeps the period
      // 'drawn' (nothing half-settled) for an operator to look at, rather than guessing a result.
      if (!play) throw new Error(`bet item ${it.id}: unknown play ${it.code}`);
      const s = settleBetItem({ play, odds: oddsBps(it.odds_bps), stake: minor(it.amount) }, outcome);
      const status = ITEM_STATUS[s.result];
      itemIds.push(it.id);
      itemStatuses.push(status);
      itemPayouts.push(s.payout);
      const slip = slips.get(it.bet_id) ?? { userId: it.user_id, wallet: it.wallet, payout: 0, statuses: [] };
      slip.payout += s.payout;
      slip.statuses.push(status);
      slips.set(it.bet_id, slip);
    }

    if (itemIds.length > 0) {
      await sql`
        update bet_items as bi set status = v.status, payout = v.payout
        from (select unnest(${itemIds}::integer[]) as id, unnest(${itemStatuses}::text[]) as status,
                     unnest(${itemPayouts}::bigint[]) as payout) as v
        where bi.id = v.id and bi.status = 'unsettled'`.execute(trx);
      const slipIds = [...slips.keys()];
      const slipStatuses = slipIds.map((id) => slipStatus(slips.get(id)?.statuses ?? []));
      const slipPayouts = slipIds.map((id) => slips.get(id)?.payout ?? 0);
      await sql`
        update bets as b set status = v.status, payout = v.payout, settled_at = ${now}
        from (select unnest(${slipIds}::integer[]) as id, unnest(${slipStatuses}::text[]) as status,
                     unnest(${slipPayouts}::bigint[]) as payout) as v
        where b.id = v.id and b.status = 'unsettled'`.execute(trx);
      // All the period's payouts in one batch: the house account is updated once, not once per winning slip.
      await postTransactions(
        trx,
        [...slips]
          .filter(([, slip]) => slip.payout > 0)
          .map(([id, slip]) => ({
            tx: payoutCredited(slip.userId, slip.wallet, minor(slip.payout)),
            reference: `bet:${id}`,
          })),
      );
    }
    const moved = await trx
      .updateTable('periods')
      .set({ status: 'settled', settled_at: now })
      .where('id', '=', period.id)
      .where('status', '=', 'drawn')
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw new Error(`period ${period.id} left 'drawn' during settlement`);
    return slips.size;
  });
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
 * cannot draw it meanwhile.
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
    const period = await trx
      .selectFrom('periods')
      .select(['id', 'game_id', 'issue', 'status'])
      .where('game_id', '=', input.games_id)
      .where('issue', '=', input.issue)
      .forUpdate()
      .executeTakeFirst();
    if (!period) throw new AppError('NOT_FOUND', { field: 'issue' });
    if (!['scheduled', 'open', 'sealed'].includes(period.status)) throw new AppError('ALREADY_DECIDED');
    await trx.updateTable('periods').set({ status: 'void', void_reason: reason }).where('id', '=', period.id).execute();
    const slips = await trx
      .selectFrom('bets')
      .select(['id', 'user_id', 'wallet', 'total'])
      .where('period_id', '=', period.id)
      .where('status', '=', 'unsettled')
      .orderBy('id')
      .execute();
    await postTransactions(
      trx,
      slips.map((s) => ({ tx: stakeRefunded(s.user_id, s.wallet, minor(s.total)), reference: `bet-refund:${s.id}` })),
    );
    if (slips.length > 0) {
      const ids = slips.map((s) => s.id);
      await trx
        .updateTable('bets')
        .set((eb) => ({ status: 'void', payout: eb.ref('total'), settled_at: now }))
        .where('id', 'in', ids)
        .execute();
      await trx
        .updateTable('bet_items')
        .set((eb) => ({ status: 'void', payout: eb.ref('amount') }))
        .where('bet_id', 'in', ids)
        .execute();
    }
    await writeAudit(
      trx,
      actor,
      'period.void',
      `period:${period.id}`,
      { status: period.status },
      { status: 'void', void_reason: reason, refunded: slips.length },
    );
    return {
      games_id: period.game_id,
      issue: period.issue,
      status: 'void',
      void_reason: reason,
      refunded: slips.length,
    };
  });
}
