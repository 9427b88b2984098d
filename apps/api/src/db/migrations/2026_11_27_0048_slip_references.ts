import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// A slip names an existing player, game and period, and its items an existing slip and play item, checked once per
// INSERT statement instead of once per row, as 0044 did for the ledger's postings. The five foreign keys of bets and
// bet_items ran five checks for every slip of a bet batch, each a query of its own that also locked the row it found
// (FOR KEY SHARE): about a tenth of the database's CPU per slip (bench/bets.ts: 119 → 107 µs). Instead:
//   - after each INSERT into bets or bet_items, one query over the statement's new rows (a transition table) looks
//     up each distinct player, game, period, slip and play item by primary key and fails the statement (23503, as the
//     foreign keys did) when one does not exist — index lookups only, whatever the table sizes;
//   - the names a slip or item holds never change (an UPDATE that sets one of those columns is refused: the
//     settlement, the void and the cancel write only statuses and payouts), and a row they can name is never removed
//     nor renumbered, which the foreign keys ensured: players, games, play items and slips refuse a DELETE, an UPDATE
//     of their id and a TRUNCATE (periods already refuse all three, migration 0007's write-once guard). These guards
//     are statement triggers: a row trigger before UPDATE would make PostgreSQL lock every row the settlement updates
//     before updating it, a second write of each paying slip.
// The idempotency key's slip (checked at commit, since the key is claimed before its slip is inserted) and
// bet_period_stakes (one row per player and period, written once) keep their foreign keys.
const DROPPED = [
  ['bets', 'bets_user_id_fkey', 'user_id', 'users', 'a slip names a player'],
  ['bets', 'bets_game_id_fkey', 'game_id', 'games', 'a slip names a game'],
  ['bets', 'bets_period_id_fkey', 'period_id', 'periods', 'a slip names a period'],
  ['bet_items', 'bet_items_bet_id_fkey', 'bet_id', 'bets', 'an item names a slip'],
  ['bet_items', 'bet_items_play_item_id_fkey', 'play_item_id', 'play_items', 'an item names a play'],
] as const;
/** Per table checked: its trigger function, and the name its statement's new rows go by (a transition table). */
const CHECKED = [
  ['bets', 'fd_bets_refs', 'fd_new_bets'],
  ['bet_items', 'fd_bet_items_refs', 'fd_new_items'],
] as const;
const KEPT = ['users', 'games', 'play_items', 'bets'] as const;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, constraint] of DROPPED)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)}`.execute(db);
  // The names and the statements are this file's constants.
  for (const [table, fn, rows] of CHECKED) {
    const checks = DROPPED.filter((d) => d[0] === table).map(
      ([, , column, parent, says]) => `
      if exists (select 1 from (select distinct ${column} from ${rows}) n
                 where not exists (select 1 from ${parent} r where r.id = n.${column})) then
        raise exception '${says} that does not exist' using errcode = '23503';
      end if;`,
    );
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql
    set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off as $$
    begin${checks.join('')}
      return null;
    end
    $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_refs after insert on ${table}
    referencing new table as ${rows} for each statement execute function ${fn}()`,
      )
      .execute(db);
  }

  // One refusal for every guard; the trigger's argument says what it keeps.
  await sql`
    create function fd_slip_guard() returns trigger language plpgsql as $$
    begin
      raise exception '% (% of % refused)', tg_argv[0], tg_op, tg_table_name using errcode = '55000';
    end
    $$`.execute(db);
  const fixed = `'what a slip or its item names never changes'`;
  for (const [table] of CHECKED) {
    const columns = DROPPED.filter((d) => d[0] === table).map((d) => d[2]);
    await sql
      .raw(
        `create trigger ${table}_refs_fixed before update of ${columns.join(', ')} on ${table}
      for each statement execute function fd_slip_guard(${fixed})`,
      )
      .execute(db);
  }
  const kept = `'a row a slip can name is never removed nor renumbered'`;
  for (const table of KEPT) {
    await sql`
      create trigger ${sql.raw(`${table}_named_kept`)} before delete or update of id on ${sql.table(table)}
      for each statement execute function fd_slip_guard(${sql.raw(kept)})`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_named_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function fd_slip_guard(${sql.raw(kept)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of KEPT) {
    await sql`drop trigger ${sql.raw(`${table}_named_no_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_named_kept`)} on ${sql.table(table)}`.execute(db);
  }
  for (const [table] of CHECKED) await sql.raw(`drop trigger ${table}_refs_fixed on ${table}`).execute(db);
  await sql`drop function fd_slip_guard()`.execute(db);
  for (const [table, fn] of CHECKED) {
    await sql.raw(`drop trigger ${table}_refs on ${table}`).execute(db);
    await sql.raw(`drop function ${fn}()`).execute(db);
  }
  for (const [table, constraint, column, parent] of DROPPED)
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(constraint)}
      foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)`.execute(db);
}
