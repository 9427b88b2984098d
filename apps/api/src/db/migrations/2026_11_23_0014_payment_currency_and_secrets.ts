import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Deposits in another currency (decision 0007): a channel has a currency (null = the site's CURRENCY) and, when it
// differs, an operator-set rate; a deposit records the channel currency, the amount to pay in it and the rate it was
// converted at, so a later rate change never touches it. Payment providers' generated webhook secrets live in
// payment_provider_secrets, one row per provider, written once.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recharge_channels').addColumn('currency', 'text').addColumn('rate', 'text').execute();
  await sql`update recharge_channels set currency = case type when 'pix' then 'BRL' when 'crypto' then 'USDT' end
    where type in ('pix', 'crypto')`.execute(db);

  await db.schema
    .alterTable('deposits')
    .addColumn('channel_currency', 'text')
    .addColumn('channel_amount', 'bigint')
    .addColumn('rate', 'text')
    .execute();
  // Deposits made before: the amount was the amount to pay (a PIX BR Code carried it as BRL).
  await sql`update deposits d set channel_amount = d.amount, channel_currency = c.currency
    from recharge_channels c where c.id = d.channel_id`.execute(db);
  await sql`alter table deposits alter column channel_amount set not null`.execute(db);
  await sql`alter table deposits add constraint deposits_channel_amount_positive check (channel_amount > 0)`.execute(
    db,
  );

  await db.schema
    .createTable('payment_provider_secrets')
    .addColumn('provider', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_provider_secrets').execute();
  await db.schema
    .alterTable('deposits')
    .dropColumn('channel_currency')
    .dropColumn('channel_amount')
    .dropColumn('rate')
    .execute();
  await db.schema.alterTable('recharge_channels').dropColumn('currency').dropColumn('rate').execute();
}
