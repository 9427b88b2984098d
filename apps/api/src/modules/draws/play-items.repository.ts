import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PlayItemsTable } from '../../db/tables-games.ts';

/** What can be bet on in a game (table play_items). */
/** The game's enabled play items in list order. */
export function enabledPlayItems(db: Db, gameId: number) {
  return db
    .selectFrom('play_items')
    .select(['id', 'code', 'group_code', 'odds_bps', 'min_stake', 'max_stake'])
    .where('game_id', '=', gameId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
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
