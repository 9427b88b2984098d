import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { lockSettings, readSetting as readOneSetting, saveSettings } from '../../db/settings.ts';
import type { GameScheduleVersionsTable, PlayItemVersionsTable } from '../../db/tables-games.ts';

/** The console's Games screen: games, schedules, play settings versions (migration 0031). No query here reads or
 * writes a period's seed or result: periods are only read for their times and locked while a change is saved. */

/** Games joined with their schedule row: the columns both the list and a change read. */
function gamesJoinSchedules(db: Db) {
  return db
    .selectFrom('games')
    .leftJoin('game_schedules', 'game_schedules.game_id', 'games.id')
    .select([
      'games.id',
      'games.code',
      'games.family',
      'games.enabled',
      'games.period_max_per_player',
      'games.cancel_enabled',
      'game_schedules.cycle_seconds',
      'game_schedules.seal_seconds',
      'game_schedules.daily_at',
      'game_schedules.time_zone',
    ]);
}

/** Every game, enabled or not, with its schedule row, in lobby order. */
export function gamesWithSchedules(db: Db) {
  return gamesJoinSchedules(db).select('games.name').orderBy('games.sort').orderBy('games.id').execute();
}

/** One game with its schedule row, locked FOR UPDATE (a change of it waits for another). */
export function lockGame(db: Db, gameId: number) {
  return gamesJoinSchedules(db).where('games.id', '=', gameId).forUpdate('games').executeTakeFirst();
}

export function findGame(db: Db, gameId: number) {
  return db.selectFrom('games').select(['id', 'code', 'family']).where('id', '=', gameId).executeTakeFirst();
}

export type GameSwitch = 'enabled' | 'cancel_enabled';

/** One of the game's switches: listed in the lobby and taking bets (`enabled`), slips cancellable before the seal. */
export async function setGameSwitch(db: Db, gameId: number, name: GameSwitch, on: boolean): Promise<void> {
  await db
    .updateTable('games')
    .set(name === 'enabled' ? { enabled: on } : { cancel_enabled: on })
    .where('id', '=', gameId)
    .execute();
}

/** The game's own per-period limit (null: only the site-wide one). */
export async function setGamePeriodMax(db: Db, gameId: number, max: number | null): Promise<void> {
  await db.updateTable('games').set({ period_max_per_player: max }).where('id', '=', gameId).execute();
}

/** Saved schedule changes of the games, oldest first (a day takes the last one from before it). */
export function scheduleVersions(db: Db) {
  return db
    .selectFrom('game_schedule_versions')
    .select(['game_id', 'effective_date', 'cycle_seconds', 'seal_seconds'])
    .orderBy('effective_date')
    .orderBy('id')
    .execute();
}

export async function insertScheduleVersion(db: Db, row: Insertable<GameScheduleVersionsTable>): Promise<void> {
  await db.insertInto('game_schedule_versions').values(row).execute();
}

/**
 * The game's periods not opened yet, locked FOR UPDATE, earliest first: while the transaction that saves a change
 * holds them, none can open (the scheduler's open waits), so the change's start is before every bet of theirs.
 * A period opened meanwhile is skipped (re-checked after the wait).
 */
export function lockScheduledPeriods(db: Db, gameId: number) {
  return db
    .selectFrom('periods')
    .select(['id', 'open_at'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'scheduled')
    .orderBy('open_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The latest open time of the game's periods that have opened (any status but scheduled), or null. */
export async function latestOpenedAt(db: Db, gameId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('periods')
    .select((eb) => eb.fn.max('open_at').as('at'))
    .where('game_id', '=', gameId)
    .where('status', '<>', 'scheduled')
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The draw time of the game's last created period, or null when none exists. */
export async function lastCreatedDrawAt(db: Db, gameId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('periods')
    .select((eb) => eb.fn.max('draw_at').as('at'))
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row?.at ?? null;
}

export async function insertPlayVersions(db: Db, rows: Insertable<PlayItemVersionsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('play_item_versions').values(rows).execute();
}

/** The per-player period limit setting, locked FOR UPDATE (db/settings.ts). */
export async function lockSetting(db: Db, key: 'bet_period_max_per_player'): Promise<number | undefined> {
  return (await lockSettings(db, [key]))[key];
}

export async function readSetting(db: Db, key: 'bet_period_max_per_player') {
  const value = await readOneSetting(db, key);
  return value === undefined ? undefined : { value };
}

export async function saveSetting(db: Db, key: 'bet_period_max_per_player', value: number): Promise<void> {
  await saveSettings(db, { [key]: value });
}
