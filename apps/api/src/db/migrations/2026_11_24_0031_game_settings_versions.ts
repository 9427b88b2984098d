import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The console's game settings (modules/games/README.md): an operator's change of a play's odds or stakes, or of a
// game's schedule, is a new row that applies from a period (or a day) that has not opened yet; nothing is overwritten,
// so an open or sealed period keeps the odds its bets were placed at, and the history stays readable.
//
// - play_item_versions: a play's odds and stake limits from `effective_from` on. The settings of a period are the
//   latest version (effective_from, then id) with effective_from <= the period's open_at, else the play_items row.
// - game_schedule_versions: a game's cycle and seal from local day `effective_date` on (issue numbers restart each
//   day, so a new cycle never renumbers a committed period); else the game_schedules row.
// Both append-only (fd_append_only). Neither holds, nor can reach, a draw's seed or result.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('play_item_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('play_item_id', 'integer', (c) => c.notNull().references('play_items.id'))
    .addColumn('effective_from', 'timestamptz', (c) => c.notNull())
    .addColumn('odds_bps', 'integer', (c) => c.notNull().check(sql`odds_bps > 10000`))
    .addColumn('min_stake', 'bigint', (c) => c.notNull().check(sql`min_stake > 0`))
    .addColumn('max_stake', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('play_item_versions_stake_range', sql`max_stake >= min_stake`)
    .execute();
  await db.schema
    .createIndex('play_item_versions_item_idx')
    .on('play_item_versions')
    .columns(['play_item_id', 'effective_from', 'id'])
    .execute();
  await sql`create trigger play_item_versions_append_only before update or delete on play_item_versions
    for each row execute function fd_append_only()`.execute(db);
  await sql`create trigger play_item_versions_no_truncate before truncate on play_item_versions
    for each statement execute function fd_append_only()`.execute(db);

  await db.schema
    .createTable('game_schedule_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    // Local date 'YYYY-MM-DD' (the game's time zone) of the first day drawn on this schedule.
    .addColumn('effective_date', 'text', (c) => c.notNull().check(sql`effective_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('cycle_seconds', 'integer', (c) => c.notNull().check(sql`cycle_seconds between 10 and 86400`))
    .addColumn('seal_seconds', 'integer', (c) => c.notNull().check(sql`seal_seconds >= 0`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('game_schedule_versions_seal_before_draw', sql`seal_seconds < cycle_seconds`)
    .execute();
  await db.schema
    .createIndex('game_schedule_versions_game_idx')
    .on('game_schedule_versions')
    .columns(['game_id', 'effective_date', 'id'])
    .execute();
  await sql`create trigger game_schedule_versions_append_only before update or delete on game_schedule_versions
    for each row execute function fd_append_only()`.execute(db);
  await sql`create trigger game_schedule_versions_no_truncate before truncate on game_schedule_versions
    for each statement execute function fd_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('game_schedule_versions').execute();
  await db.schema.dropTable('play_item_versions').execute();
}
