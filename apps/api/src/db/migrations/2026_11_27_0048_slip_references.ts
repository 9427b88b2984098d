import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// A slip names an existing player, game and period, and its items an existing slip and play item, checked once per
// INSERT statement instead of once per row, as 0044 did for the ledger's postings. The five foreign keys of bets and
// bet_items ran five checks for every slip of a bet batch, each a query of its own that also locked the row it found
// (FOR KEY SHARE): about a seventh of the database's work per slip (bench/bets.ts). Instead:
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
  ['bets', 'bets_user_id_fkey', 'user_id', 'users'],
  ['bets', 'bets_game_id_fkey', 'game_id', 'games'],
  ['bets', 'bets_period_id_fkey', 'period_id', 'periods'],
  ['bet_items', 'bet_items_bet_id_fkey', 'bet_id', 'bets'],
  ['bet_items', 'bet_items_play_item_id_fkey', 'play_item_id', 'play_items'],
] as const;
const KEPT = ['users', 'games', 'play_items', 'bets'] as const;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, constraint] of DROPPED)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)}`.execute(db);
  await sql`
    create function fd_bets_refs() returns trigger language plpgsql
    set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off as $$
    begin
      if exists (select 1 from (select distinct user_id from fd_new_bets) n
                 where not exists (select 1 from users u where u.id = n.user_id)) then
        raise exception 'a slip names a player that does not exist' using errcode = '23503';
      end if;
      if exists (select 1 from (select distinct game_id from fd_new_bets) n
                 where not exists (select 1 from games g where g.id = n.game_id)) then
        raise exception 'a slip names a game that does not exist' using errcode = '23503';
      end if;
      if exists (select 1 from (select distinct period_id from fd_new_bets) n
                 where not exists (select 1 from periods p where p.id = n.period_id)) then
        raise exception 'a slip names a period that does not exist' using errcode = '23503';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger bets_refs after insert on bets
    referencing new table as fd_new_bets
    for each statement execute function fd_bets_refs()`.execute(db);
  await sql`
    create function fd_bet_items_refs() returns trigger language plpgsql
    set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off as $$
    begin
      if exists (select 1 from (select distinct bet_id from fd_new_items) n
                 where not exists (select 1 from bets b where b.id = n.bet_id)) then
        raise exception 'an item names a slip that does not exist' using errcode = '23503';
      end if;
      if exists (select 1 from (select distinct play_item_id from fd_new_items) n
                 where not exists (select 1 from play_items p where p.id = n.play_item_id)) then
        raise exception 'an item names a play that does not exist' using errcode = '23503';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger bet_items_refs after insert on bet_items
    referencing new table as fd_new_items
    for each statement execute function fd_bet_items_refs()`.execute(db);

  await sql`
    create function fd_slip_refs_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'what a slip or its item names never changes (% of % refused)', tg_op, tg_table_name
        using errcode = '55000';
    end
    $$`.execute(db);
  await sql`
    create trigger bets_refs_fixed before update of user_id, game_id, period_id on bets
    for each statement execute function fd_slip_refs_fixed()`.execute(db);
  await sql`
    create trigger bet_items_refs_fixed before update of bet_id, play_item_id on bet_items
    for each statement execute function fd_slip_refs_fixed()`.execute(db);

  await sql`
    create function fd_slip_named_kept() returns trigger language plpgsql as $$
    begin
      raise exception 'a row a slip can name is never removed nor renumbered (% of % refused)', tg_op, tg_table_name
        using errcode = '55000';
    end
    $$`.execute(db);
  for (const table of KEPT) {
    await sql`
      create trigger ${sql.raw(`${table}_named_kept`)} before delete or update of id on ${sql.table(table)}
      for each statement execute function fd_slip_named_kept()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_named_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function fd_slip_named_kept()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of KEPT) {
    await sql`drop trigger ${sql.raw(`${table}_named_no_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_named_kept`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function fd_slip_named_kept()`.execute(db);
  await sql`drop trigger bet_items_refs_fixed on bet_items`.execute(db);
  await sql`drop trigger bets_refs_fixed on bets`.execute(db);
  await sql`drop function fd_slip_refs_fixed()`.execute(db);
  await sql`drop trigger bet_items_refs on bet_items`.execute(db);
  await sql`drop function fd_bet_items_refs()`.execute(db);
  await sql`drop trigger bets_refs on bets`.execute(db);
  await sql`drop function fd_bets_refs()`.execute(db);
  for (const [table, constraint, column, parent] of DROPPED)
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(constraint)}
      foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)`.execute(db);
}
