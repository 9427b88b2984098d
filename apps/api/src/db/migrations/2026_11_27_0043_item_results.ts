import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

// The settlement no longer writes the item of a one-item slip (nearly every slip): the slip's status and payout are
// its item's (won, lost or push; the payout the item's), so the item row stays as placed, 'unsettled' with no payout,
// and a period of 10⁶ slips is not 10⁶ item updates more. What reads an item's result reads it through the view
// bet_item_results: an item still 'unsettled' under a slip that is not has the slip's status and payout — only ever a
// one-item slip's item, since the settlement writes every item of a slip of several, and a void or a cancel writes
// every item of its slips. Items written before this migration read the same through the view.
//
// fd_grant_runtime (migration 0017) is re-created to grant the runtime role SELECT on the views (and nothing else on
// them), as it grants the tables.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create view bet_item_results as
    select bi.id, bi.bet_id, bi.play_item_id, bi.code, bi.group_code, bi.numbers, bi.odds_bps, bi.amount,
           case when bi.status = 'unsettled' then b.status else bi.status end as status,
           coalesce(bi.payout, b.payout) as payout
    from bet_items bi join bets b on b.id = bi.bet_id`.execute(db);
  await grantFunction(db, sql`c.relkind in ('r', 'p', 'v')`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await grantFunction(db, sql`c.relkind in ('r', 'p')`);
  await sql`drop view bet_item_results`.execute(db);
}

/** fd_grant_runtime as migration 0017 made it, over the relations `relkinds` selects; a view gets SELECT only. */
async function grantFunction(db: Kysely<any>, relkinds: RawBuilder<unknown>): Promise<void> {
  await sql`
    create or replace function fd_grant_runtime(runtime_role text) returns void language plpgsql as $fn$
    declare
      t record;
    begin
      if runtime_role = current_user then
        raise exception 'the runtime role % must not be the owner', runtime_role using errcode = '22023';
      end if;
      if (select rolsuper from pg_roles where rolname = runtime_role) then
        raise exception 'the runtime role % must not be a superuser', runtime_role using errcode = '22023';
      end if;
      if pg_has_role(runtime_role, current_user, 'USAGE') then
        raise exception 'the runtime role % must not be a member of the owner %', runtime_role, current_user
          using errcode = '22023';
      end if;
      execute format('grant usage on schema public to %I', runtime_role);
      begin
        execute format('grant connect, temporary on database %I to %I', current_database(), runtime_role);
      exception when insufficient_privilege then
        -- Not the database's owner: PUBLIC's default CONNECT and TEMPORARY have to do.
        raise notice 'fd_grant_runtime: connect and temporary on the database left as they are';
      end;
      for t in
        select c.relname, c.relkind = 'v' as is_view,
               exists (select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
                       where g.tgrelid = c.oid and p.proname = 'fd_append_only') as append_only
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and ${relkinds}
      loop
        execute format('revoke all on table public.%I from %I', t.relname, runtime_role);
        if t.relname like 'kysely\_migration%' then
          continue;
        elsif t.is_view then
          execute format('grant select on table public.%I to %I', t.relname, runtime_role);
        elsif t.append_only then
          execute format('grant select, insert on table public.%I to %I', t.relname, runtime_role);
        else
          execute format('grant select, insert, update, delete on table public.%I to %I', t.relname, runtime_role);
        end if;
      end loop;
      execute format('grant usage, select on all sequences in schema public to %I', runtime_role);
      execute format('grant execute on all functions in schema public to %I', runtime_role);
      execute format('revoke execute on function fd_grant_runtime(text) from %I', runtime_role);
    end
    $fn$`.execute(db);
  await sql`revoke execute on function fd_grant_runtime(text) from public`.execute(db);
}
