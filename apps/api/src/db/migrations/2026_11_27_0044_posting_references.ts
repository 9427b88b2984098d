import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// A posting names an existing ledger transaction and an existing account, checked once per INSERT statement instead
// of once per row. The two foreign keys of ledger_postings (migration 0003) ran two checks for every posting, each a
// query of its own that also locked the transaction's and the account's row: a period of 10⁶ slips pays about
// 270,000 of them (540,000 postings), and those checks were most of the time its payouts took. Instead:
//   - after each INSERT into ledger_postings, one query over the statement's new rows (a transition table) looks up
//     each distinct transaction and account by primary key and fails the statement (23503, as the foreign keys did)
//     when one does not exist — index lookups only, whatever the table sizes (no hash or merge join, no full scan);
//   - the rows named can never go away, which the foreign keys' row locks ensured: transactions are append-only
//     (migration 0003: no UPDATE, DELETE or TRUNCATE), and an account row can no longer be deleted, truncated or
//     given another id (the trigger below; its balance is still updated).
// ledgerCheck also reports a posting whose transaction or account is missing.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_postings drop constraint ledger_postings_transaction_id_fkey`.execute(db);
  await sql`alter table ledger_postings drop constraint ledger_postings_account_id_fkey`.execute(db);
  await sql`
    create function fd_ledger_postings_refs() returns trigger language plpgsql
    set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off as $$
    begin
      if exists (select 1 from (select distinct transaction_id from fd_new_postings) n
                 where not exists (select 1 from ledger_transactions t where t.id = n.transaction_id)) then
        raise exception 'a posting names a ledger transaction that does not exist' using errcode = '23503';
      end if;
      if exists (select 1 from (select distinct account_id from fd_new_postings) n
                 where not exists (select 1 from ledger_accounts a where a.id = n.account_id)) then
        raise exception 'a posting names a ledger account that does not exist' using errcode = '23503';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_postings_refs after insert on ledger_postings
    referencing new table as fd_new_postings
    for each statement execute function fd_ledger_postings_refs()`.execute(db);

  await sql`
    create function fd_ledger_account_kept() returns trigger language plpgsql as $$
    begin
      raise exception 'a ledger account is never removed nor renumbered (% refused)', tg_op using errcode = '55000';
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_accounts_kept before delete or update of id on ledger_accounts
    for each row execute function fd_ledger_account_kept()`.execute(db);
  await sql`
    create trigger ledger_accounts_no_truncate before truncate on ledger_accounts
    for each statement execute function fd_ledger_account_kept()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger ledger_accounts_no_truncate on ledger_accounts`.execute(db);
  await sql`drop trigger ledger_accounts_kept on ledger_accounts`.execute(db);
  await sql`drop function fd_ledger_account_kept()`.execute(db);
  await sql`drop trigger ledger_postings_refs on ledger_postings`.execute(db);
  await sql`drop function fd_ledger_postings_refs()`.execute(db);
  await sql`
    alter table ledger_postings add constraint ledger_postings_transaction_id_fkey
    foreign key (transaction_id) references ledger_transactions (id)`.execute(db);
  await sql`
    alter table ledger_postings add constraint ledger_postings_account_id_fkey
    foreign key (account_id) references ledger_accounts (id)`.execute(db);
}
