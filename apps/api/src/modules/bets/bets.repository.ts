import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BetItemRow, BetRow } from '../../db/tables-bets.ts';

export type { BetItemRow, BetRow } from '../../db/tables-bets.ts';

/** A slip with what its answer needs: the game (and whether it lets slips be cancelled) and the period. */
export type SlipRow = BetRow & {
  game_code: string;
  family: string;
  game_name: unknown;
  cancel_enabled: boolean;
  result: number[] | null;
  period_status: string;
  seal_at: Date;
  draw_at: Date;
};

/** The game a slip names, with what checking the slip needs. */
export async function findGameForBet(db: Db, gameId: number) {
  return db
    .selectFrom('games')
    .select(['id', 'code', 'family', 'name', 'enabled', 'cancel_enabled'])
    .where('id', '=', gameId)
    .executeTakeFirst();
}

export async function findPeriodForBet(db: Db, gameId: number, issue: string) {
  return db
    .selectFrom('periods')
    .select(['id', 'issue', 'status', 'open_at', 'seal_at', 'draw_at'])
    .where('game_id', '=', gameId)
    .where('issue', '=', issue)
    .executeTakeFirst();
}

/** The slips with their results as read (bet_results: a slip that lost everything is not written). */
export async function slipsByIds(db: Db, ids: readonly number[]): Promise<SlipRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bet_results as bets')
    .innerJoin('games', 'games.id', 'bets.game_id')
    .innerJoin('periods', 'periods.id', 'bets.period_id')
    .selectAll('bets')
    .select([
      'games.code as game_code',
      'games.family',
      'games.name as game_name',
      'games.cancel_enabled',
      'periods.result',
      'periods.status as period_status',
      'periods.seal_at',
      'periods.draw_at',
    ])
    .where('bets.id', 'in', ids)
    .orderBy('bets.created_at', 'desc')
    .orderBy('bets.id', 'desc')
    .execute();
}

/** The slips' items with their results (bet_item_results: a one-item slip's item has its slip's). */
export async function itemsOf(db: Db, betIds: readonly number[]): Promise<BetItemRow[]> {
  if (betIds.length === 0) return [];
  return db.selectFrom('bet_item_results').selectAll().where('bet_id', 'in', betIds).orderBy('id').execute();
}

/** A slip's own status, or `settled` for any status after the draw. */
export type SlipFilterStatus = BetRow['status'] | 'settled';

/**
 * One page (+1 row, to tell whether there is more) of the user's slip ids, newest first (by the time placed, then
 * id); `placed`: placed at or after `from` and before `to`.
 */
export async function listUserSlipIds(
  db: Db,
  userId: number,
  filter: {
    status?: SlipFilterStatus | undefined;
    gameId?: number | undefined;
    placed?: { from: Date; to: Date } | undefined;
  },
  page: number,
  limit: number,
): Promise<number[]> {
  let q = db
    .selectFrom(filter.status === undefined ? 'bets' : 'bet_results')
    .select('id')
    .where('user_id', '=', userId);
  if (filter.status === 'settled') q = q.where('status', 'not in', ['unsettled', 'cancelled']);
  else if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.gameId !== undefined) q = q.where('game_id', '=', filter.gameId);
  if (filter.placed) q = q.where('created_at', '>=', filter.placed.from).where('created_at', '<', filter.placed.to);
  // By the time placed, then id: ids are drawn in blocks per process (slip-ids.ts), so across hosts a later slip
  // can have a lower id.
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A period locked FOR UPDATE (void: tick cannot draw it, nor a bet batch take it, until the commit). */
export async function lockPeriod(trx: Db, gameId: number, issue: string) {
  return trx
    .selectFrom('periods')
    .select(['id', 'game_id', 'issue', 'status'])
    .where('game_id', '=', gameId)
    .where('issue', '=', issue)
    .forUpdate()
    .executeTakeFirst();
}

export async function markPeriodVoid(trx: Db, periodId: number, reason: string): Promise<void> {
  await trx.updateTable('periods').set({ status: 'void', void_reason: reason }).where('id', '=', periodId).execute();
}

/**
 * The stakes of a period's unsettled slips as ledger.batch.ts postWalletBatch reads them: one refund
 * 'bet-refund:<slipId>' of the slip's total to its wallet. By period, never by a list of ids (a busy period has more
 * slips than a statement has bind parameters).
 */
export function unsettledStakes(periodId: number): RawBuilder<unknown> {
  return sql`
    select 'bet-refund:' || id as reference, user_id, wallet, total as amount
    from bets where period_id = ${periodId} and status = 'unsettled' order by id`;
}

/** Marks a period's unsettled slips and their items void, each paid back its stake; returns how many slips. */
export async function voidUnsettledSlips(trx: Db, periodId: number, now: Date): Promise<number> {
  // The items first: they are found through their slips while those are still 'unsettled'.
  await sql`
    update bet_items bi set status = 'void', payout = bi.amount
    from bets b where b.id = bi.bet_id and b.period_id = ${periodId} and b.status = 'unsettled'`.execute(trx);
  const slips = await sql`
    update bets set status = 'void', payout = total, settled_at = ${now}
    where period_id = ${periodId} and status = 'unsettled'`.execute(trx);
  return Number(slips.numAffectedRows ?? 0);
}

/** The player's own slip, its status as read (undefined for another player's or an unknown id): what cancelling it reads first. */
export async function findOwnSlip(db: Db, userId: number, slipId: number) {
  return db
    .selectFrom('bet_results')
    .select(['id', 'game_id', 'period_id', 'wallet', 'total', 'status'])
    .where('id', '=', slipId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The slip's period locked FOR SHARE until the commit, as the bet batch locks it: the seal (UPDATE … WHERE status =
 * 'open'), a void and the settlement (FOR UPDATE) wait for the cancel, or the cancel for them, and it then reads the
 * period as they left it.
 */
export async function lockPeriodShared(trx: Db, periodId: number) {
  return trx
    .selectFrom('periods')
    .select(['id', 'status', 'seal_at'])
    .where('id', '=', periodId)
    .forShare()
    .executeTakeFirstOrThrow();
}

/**
 * The slip's status as read (bet_results), its row locked FOR UPDATE first (a second cancel of it waits here, then
 * finds it cancelled). The row alone is locked: the period stays FOR SHARE, as every cancel of its slips holds it.
 */
export async function lockSlipStatus(trx: Db, slipId: number): Promise<BetRow['status']> {
  await trx.selectFrom('bets').select('id').where('id', '=', slipId).forUpdate().executeTakeFirstOrThrow();
  const row = await trx.selectFrom('bet_results').select('status').where('id', '=', slipId).executeTakeFirstOrThrow();
  return row.status;
}

/** Whether the game lets players cancel its slips (games.cancel_enabled), read in the cancel's transaction. */
export async function gameCancelEnabled(trx: Db, gameId: number): Promise<boolean> {
  const row = await trx.selectFrom('games').select('cancel_enabled').where('id', '=', gameId).executeTakeFirstOrThrow();
  return row.cancel_enabled;
}

/**
 * An unsettled slip and its items become 'cancelled', each paid back its stake; false when the slip was no longer
 * unsettled (nothing changed then).
 */
export async function markSlipCancelled(trx: Db, slipId: number): Promise<boolean> {
  const slip = await trx
    .updateTable('bets')
    .set({ status: 'cancelled', payout: sql<number>`total` })
    .where('id', '=', slipId)
    .where('status', '=', 'unsettled')
    .returning('id')
    .executeTakeFirst();
  if (!slip) return false;
  await trx
    .updateTable('bet_items')
    .set({ status: 'cancelled', payout: sql<number>`amount` })
    .where('bet_id', '=', slipId)
    .execute();
  return true;
}

/**
 * Gives a cancelled slip's stake back to what the player has staked on its period (bet_period_stakes, the per-period
 * limit): called with the player's wallet locked by the ledger, as the bet batch changes it.
 */
export async function releasePeriodStake(trx: Db, periodId: number, userId: number, amount: number): Promise<void> {
  await trx
    .updateTable('bet_period_stakes')
    .set({ staked: sql<number>`staked - ${amount}` })
    .where('period_id', '=', periodId)
    .where('user_id', '=', userId)
    .execute();
}
