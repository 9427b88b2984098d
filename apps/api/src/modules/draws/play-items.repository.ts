import type { Db } from '../../db/database.ts';

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

export type NewPlayItem = {
  game_id: number;
  code: string;
  group_code: string;
  odds_bps: number;
  min_stake: number;
  max_stake: number;
  sort: number;
};

/** Inserts the play items a game does not have yet (UNIQUE (game_id, code)): rows an operator changed stay as they are. */
export async function insertPlayItemsIfMissing(db: Db, items: readonly NewPlayItem[]): Promise<void> {
  await db
    .insertInto('play_items')
    .values([...items])
    .onConflict((oc) => oc.columns(['game_id', 'code']).doNothing())
    .execute();
}
