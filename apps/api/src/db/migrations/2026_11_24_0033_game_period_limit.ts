import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createSqlFunctions } from '../sql-functions.ts';
import type { SqlFunctionPins } from '../sql-functions.ts';

// A game's own per-player per-period stake limit (the console's Games screen, modules/games/README.md): null, the
// default, leaves only the site-wide setting bet_period_max_per_player; a value binds the game's slips when it is
// lower than that setting (the lower of the two binds, so a game's limit never loosens the site-wide one).
// place_bet_slips re-created to read it after the period lock, per slip (same signature).
export const sqlFunctions: SqlFunctionPins = {
  place_bet_slips: 'fda084dd27f6a7cef9bbe41ba80357ad384d81d1dbd80d1dab7e5e9dd81a23bf',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('games')
    .addColumn('period_max_per_player', 'bigint', (c) =>
      c.check(sql`period_max_per_player > 0 and period_max_per_player <= 9007199254740991`),
    )
    .execute();
  await createSqlFunctions(db, sqlFunctions);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('games').dropColumn('period_max_per_player').execute();
}
