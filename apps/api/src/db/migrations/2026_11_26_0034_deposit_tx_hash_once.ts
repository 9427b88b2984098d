import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// One crypto transfer backs at most one deposit, ever (modules/recharge/README.md). A crypto deposit records its
// network (`tx_network`, the channel's coin when it was made) and its hash in one spelling (`tx_hash_norm`, domain
// normalizeTxHash: lower-case hex, `0x` on USDT-ERC20, none on USDT-TRC20); a unique index holds one deposit per
// (network, hash), whatever its status.
//
// Deposits stored before could name one transfer more than once. None is deleted: the first (lowest id) keeps the
// hash under the index; each later one keeps its normalised hash too, with `tx_hash_duplicate_of` naming that first
// deposit. The index leaves such flagged rows out, so it can be built on a database that holds them; the operator's
// queue shows them and approval refuses them. New deposits are never flagged: a second one is refused at submit.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deposits')
    .addColumn('tx_network', 'text')
    .addColumn('tx_hash_norm', 'text')
    .addColumn('tx_hash_duplicate_of', 'integer', (c) => c.references('deposits.id'))
    .execute();
  // The same spelling as normalizeTxHash: spaces out, lower case, one leading 0x off, then 0x back on ERC-20. A stored
  // hash always passed the format check of its time, so every one normalises; one that would not stays null.
  await sql`
    update deposits d
       set tx_network = h.coin,
           tx_hash_norm = case when h.coin = 'USDT-ERC20' then '0x' || h.hex else h.hex end
      from (select x.id, c.config->>'coin' as coin,
                   regexp_replace(lower(regexp_replace(x.tx_hash, '[[:space:]]', '', 'g')), '^0x', '') as hex
              from deposits x join recharge_channels c on c.id = x.channel_id
             where c.type = 'crypto' and x.tx_hash is not null) h
     where h.id = d.id
       and h.hex ~ '^[0-9a-f]{64}$'`.execute(db);
  await sql`
    update deposits d
       set tx_hash_duplicate_of = f.first_id
      from (select id, min(id) over (partition by tx_network, tx_hash_norm) as first_id
              from deposits where tx_hash_norm is not null) f
     where f.id = d.id and f.first_id <> d.id`.execute(db);
  await sql`alter table deposits add constraint deposits_tx_hash_network
    check ((tx_hash_norm is null) = (tx_network is null))`.execute(db);
  await sql`alter table deposits add constraint deposits_tx_hash_duplicate_not_self
    check (tx_hash_duplicate_of is null or (tx_hash_duplicate_of < id and tx_hash_norm is not null))`.execute(db);
  await sql`create unique index deposits_tx_hash_once on deposits (tx_network, tx_hash_norm)
    where tx_hash_duplicate_of is null`.execute(db);
  // The operator's queue looks up every deposit naming a hash (flagged ones included).
  await sql`create index deposits_tx_hash_norm_idx on deposits (tx_hash_norm) where tx_hash_norm is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deposits_tx_hash_norm_idx`.execute(db);
  await sql`drop index deposits_tx_hash_once`.execute(db);
  await db.schema.alterTable('deposits').dropConstraint('deposits_tx_hash_duplicate_not_self').execute();
  await db.schema.alterTable('deposits').dropConstraint('deposits_tx_hash_network').execute();
  await db.schema
    .alterTable('deposits')
    .dropColumn('tx_hash_duplicate_of')
    .dropColumn('tx_hash_norm')
    .dropColumn('tx_network')
    .execute();
}
