import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Deposit channels and deposits. The demo channels say "demo" in their names and carry obviously
// fake payee details; the crypto addresses are well-known public examples with valid checksums,
// so the validators accept them, but nobody should send money there.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recharge_channels')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('bank', 'pix', 'crypto')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('min', 'bigint', (c) => c.notNull().check(sql`min >= 0`))
    .addColumn('max', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addCheckConstraint('recharge_channels_min_max', sql`max >= min`)
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('recharge_channels.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'success', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('transfer', 'jsonb')
    .addColumn('pay_address', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('br_code', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('deposits_user_created_idx').on('deposits').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('deposits_status_idx').on('deposits').columns(['status', 'created_at']).execute();

  await db
    .insertInto('recharge_channels')
    .values([
      {
        type: 'bank',
        name: 'Bank transfer (demo)',
        min: 10_000,
        max: 10_000_000,
        sort: 0,
        config: JSON.stringify({ payee: 'DEMO ONLY - DO NOT PAY', account_number: '000-0-00000-0', bank: 'Demo Bank' }),
      },
      {
        type: 'pix',
        name: 'PIX (demo)',
        min: 1_000,
        max: 10_000_000,
        sort: 1,
        config: JSON.stringify({
          key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
          merchant_name: 'FAIRDRAW DEMO',
          merchant_city: 'SAO PAULO',
        }),
      },
      {
        type: 'crypto',
        name: 'USDT-TRC20 (demo)',
        min: 10_000,
        max: 100_000_000,
        sort: 2,
        config: JSON.stringify({ coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
      },
      {
        type: 'crypto',
        name: 'USDT-ERC20 (demo)',
        min: 10_000,
        max: 100_000_000,
        sort: 3,
        config: JSON.stringify({ coin: 'USDT-ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deposits').execute();
  await db.schema.dropTable('recharge_channels').execute();
}
