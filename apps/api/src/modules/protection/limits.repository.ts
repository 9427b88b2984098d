import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PlayerLimitRow } from '../../db/tables-protection.ts';
import type { LimitKind, LimitPeriod } from '@fairdraw/domain';

/** Every limit choice of a player, oldest first (the domain's resolveLimit reads them in that order). */
export async function listChoices(db: Db, userId: number): Promise<PlayerLimitRow[]> {
  return db.selectFrom('player_limits').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Appends one choice; rows are never updated or deleted (migration 0025). */
export async function insertChoice(
  db: Db,
  values: {
    user_id: number;
    kind: LimitKind;
    period: LimitPeriod;
    amount: number | null;
    effective_at: Date;
    created_at: Date;
  },
): Promise<void> {
  await db.insertInto('player_limits').values(values).execute();
}

/** Deposits the player submitted since `from` that still count (pending or credited). */
export async function depositedSince(db: Db, userId: number, from: Date): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('sum'))
    .where('user_id', '=', userId)
    .where('status', 'not in', ['rejected'])
    .where('created_at', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/**
 * Stakes and stakes − payouts of the player's cash slips placed since `from` (unsettled ones count as lost; a
 * cancelled one, its stake given back, counts for neither: as place_bet_slips reads them).
 */
export async function stakedSince(db: Db, userId: number, from: Date): Promise<{ stake: number; loss: number }> {
  const row = await db
    .selectFrom('bets')
    .select([
      sql<number>`coalesce(sum(total), 0)::bigint`.as('stake'),
      sql<number>`coalesce(sum(total - coalesce(payout, 0)), 0)::bigint`.as('loss'),
    ])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'cash')
    .where('status', '<>', 'cancelled')
    .where('created_at', '>=', from)
    .executeTakeFirstOrThrow();
  return { stake: Number(row.stake), loss: Number(row.loss) };
}

export async function sessionStart(db: Db, sessionId: number): Promise<Date | undefined> {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.created_at;
}

export async function realityCheckMinutes(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('reality_checks').select('minutes').where('user_id', '=', userId).executeTakeFirst();
  return row?.minutes ?? 0;
}

export async function setRealityCheck(db: Db, userId: number, minutes: number): Promise<void> {
  if (minutes === 0) {
    await db.deleteFrom('reality_checks').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('reality_checks')
    .values({ user_id: userId, minutes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ minutes }))
    .execute();
}

/** What the player was last shown and answered (undefined: nothing yet). */
export async function prompts(
  db: Db,
  userId: number,
): Promise<{ reality_check_dismissed_at: Date | null; deposit_limit_offered_at: Date | null } | undefined> {
  return db
    .selectFrom('player_prompts')
    .select(['reality_check_dismissed_at', 'deposit_limit_offered_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Records that the player answered a prompt now (a later time never goes back). */
export async function recordPrompt(
  db: Db,
  userId: number,
  column: 'reality_check_dismissed_at' | 'deposit_limit_offered_at',
  now: Date,
): Promise<void> {
  await db
    .insertInto('player_prompts')
    .values({ user_id: userId, [column]: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ [column]: sql<Date>`greatest(player_prompts.${sql.ref(column)}, ${now})` }),
    )
    .execute();
}

/** Records that these waited changes were told; answers the ones not told before (each is told once). */
export async function claimNotices(db: Db, limitIds: readonly number[]): Promise<number[]> {
  if (limitIds.length === 0) return [];
  const rows = await db
    .insertInto('player_limit_notices')
    .values(limitIds.map((limit_id) => ({ limit_id })))
    .onConflict((oc) => oc.column('limit_id').doNothing())
    .returning('limit_id')
    .execute();
  return rows.map((r) => r.limit_id);
}
