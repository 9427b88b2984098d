import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PlayItemsTable } from '../../db/tables-games.ts';

/** What can be bet on in a game (table play_items) and the settings in force (play_item_versions, migration 0031). */

/**
 * The game's play items in list order with the odds and stake limits in force for a period that opens at `at`: the
 * latest version (effective_from, then id) with effective_from <= at, else the row's own. 'latest': the newest
 * version whatever its start (what the next period not yet opened gets). `enabledOnly`: leaves out disabled items.
 */
export function playItemsInForce(db: Db, gameId: number, at: Date | 'latest', enabledOnly = true) {
  const bound = at === 'latest' ? sql<Date>`'infinity'::timestamptz` : sql<Date>`${at}::timestamptz`;
  let q = db
    .selectFrom('play_items as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('play_item_versions as v')
          .select(['v.odds_bps', 'v.min_stake', 'v.max_stake', 'v.effective_from'])
          .whereRef('v.play_item_id', '=', 'p.id')
          .where('v.effective_from', '<=', bound)
          .orderBy('v.effective_from', 'desc')
          .orderBy('v.id', 'desc')
          .limit(1)
          .as('v'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'p.id',
      'p.code',
      'p.group_code',
      'p.enabled',
      eb.fn.coalesce('v.odds_bps', 'p.odds_bps').as('odds_bps'),
      eb.fn.coalesce('v.min_stake', 'p.min_stake').as('min_stake'),
      eb.fn.coalesce('v.max_stake', 'p.max_stake').as('max_stake'),
      'v.effective_from',
    ])
    .where('p.game_id', '=', gameId);
  if (enabledOnly) q = q.where('p.enabled', '=', true);
  return q.orderBy('p.sort').orderBy('p.id').execute();
}

/** A play item as the seed writes it: every column but the id and `enabled` (a new item is enabled). */
export type NewPlayItem = Omit<Insertable<PlayItemsTable>, 'id' | 'enabled'> & { sort: number };

/** Inserts the play items a game does not have yet (UNIQUE (game_id, code)): rows an operator changed stay as they are. */
export async function insertPlayItemsIfMissing(db: Db, items: readonly NewPlayItem[]): Promise<void> {
  await db
    .insertInto('play_items')
    .values([...items])
    .onConflict((oc) => oc.columns(['game_id', 'code']).doNothing())
    .execute();
}
