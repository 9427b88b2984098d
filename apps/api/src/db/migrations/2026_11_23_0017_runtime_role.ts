import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Two roles on PostgreSQL (docs/trust.md 4): the owner runs the migrations and owns every table; the API runs as a
// runtime role that owns nothing, so it can never ALTER a table, DISABLE or DROP a trigger, or TRUNCATE. This
// function, run by the owner after migrating (db/runtime-role.ts; or by hand:
// `select fd_grant_runtime('fairdraw_app')`), gives the runtime role exactly what the code uses:
// - SELECT and INSERT on every append-only table (those with an fd_append_only trigger: ledger postings and
//   transactions, the audit log, self-exclusions), nothing else on them;
// - SELECT, INSERT, UPDATE, DELETE on every other table (the periods trigger still refuses deletes);
// - nothing on Kysely's migration tables; sequences' USAGE; EXECUTE on the functions (place_bet_slips runs as the
//   caller: SECURITY INVOKER, the default); CONNECT and TEMPORARY on the database (settlement and ledger batches use
//   temporary tables); LISTEN, NOTIFY and advisory locks need no privilege.
// Privileges are first revoked, then granted, table by table, so re-running after a later migration is exact and a
// table added later is covered at the next start. It refuses a runtime role that is the owner, a superuser, or a
// member of the owner: each of those could drop the triggers.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function fd_grant_runtime(runtime_role text) returns void language plpgsql as $fn$
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
        select c.relname,
               exists (select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
                       where g.tgrelid = c.oid and p.proname = 'fd_append_only') as append_only
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
      loop
        execute format('revoke all on table public.%I from %I', t.relname, runtime_role);
        if t.relname like 'kysely\_migration%' then
          continue;
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
  // Only the owner grants.
  await sql`revoke execute on function fd_grant_runtime(text) from public`.execute(db);
  // Foreign-key checks run as the referenced table's owner and lock the row FOR KEY SHARE, which needs UPDATE on a
  // column: migration 0003 revoked UPDATE from a non-superuser owner, so inserting a posting failed. UPDATE of the
  // key column alone gives that back; the append-only trigger still refuses every row update.
  await sql`
    do $$
    declare
      owner text := (select tableowner from pg_tables where schemaname = 'public' and tablename = 'ledger_transactions');
    begin
      if not (select rolsuper from pg_roles where rolname = owner) then
        execute format('grant update (id) on ledger_transactions to %I', owner);
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function fd_grant_runtime(text)`.execute(db);
}
