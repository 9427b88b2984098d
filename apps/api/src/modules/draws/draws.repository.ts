import type { Db } from '../../db/database.ts';

/** Games and their schedules as the draws module reads and seeds them. */

/** One game by id, or undefined. */
export function findGame(db: Db, gameId: number) {
  return db.selectFrom('games').select(['id', 'code', 'family']).where('id', '=', gameId).executeTakeFirst();
}

/** Every game, enabled or not (seeding). */
export function allGames(db: Db) {
  return db.selectFrom('games').select(['id', 'code', 'family']).execute();
}

/** The games a live stream follows: one game by id (none if unknown), or every enabled game in lobby order. */
export function streamGames(db: Db, only: number | undefined): Promise<{ id: number }[]> {
  if (only !== undefined) return db.selectFrom('games').select('id').where('id', '=', only).execute();
  return db.selectFrom('games').select('id').where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

/** Enabled games with an enabled schedule, as stored (the service applies the defaults and overrides). */
export function scheduledGameRows(db: Db) {
  return db
    .selectFrom('games')
    .innerJoin('game_schedules', 'game_schedules.game_id', 'games.id')
    .select([
      'games.id',
      'games.code',
      'games.family',
      'game_schedules.cycle_seconds',
      'game_schedules.seal_seconds',
      'game_schedules.daily_at',
      'game_schedules.time_zone',
    ])
    .where('games.enabled', '=', true)
    .where('game_schedules.enabled', '=', true)
    .orderBy('games.id')
    .execute();
}

/** A game's schedule, unless it has one already (an operator's change is kept). */
export async function insertScheduleIfMissing(
  db: Db,
  schedule: {
    game_id: number;
    cycle_seconds: number;
    seal_seconds: number;
    daily_at: string | null;
    time_zone: string | null;
  },
): Promise<void> {
  await db
    .insertInto('game_schedules')
    .values(schedule)
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();
}

/** The schedule changes saved for later days (game_schedule_versions), oldest first; a day takes the last one. */
export function scheduleVersions(db: Db, gameIds: readonly number[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('game_schedule_versions')
    .select(['game_id', 'effective_date', 'cycle_seconds', 'seal_seconds'])
    .where('game_id', 'in', [...gameIds])
    .orderBy('effective_date')
    .orderBy('id')
    .execute();
}
