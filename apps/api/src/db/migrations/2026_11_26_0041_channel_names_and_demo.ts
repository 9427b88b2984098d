import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// A deposit channel's name in each language, and the seed's demo channels marked as such. `name` stays the plain name
// (an operator's channel is often a proper name, the same in every language); `name_translations` holds the name per
// language, and a player sees the one in their language, else the plain name. The four demo channels of 0005 get
// their names in the six languages, each saying "demo" in its own words, unless an operator renamed them. `demo`
// marks a channel whose payment details are still the seed's examples: the site then tells players, in their
// language, not to pay into it, and shows the bank channel's placeholder payee and bank ("DEMO ONLY - DO NOT PAY",
// "Demo Bank") in that language too. A real channel's payee and bank are never translated.

const SEEDED = [
  {
    type: 'bank',
    name: 'Bank transfer (demo)',
    details: { payee: 'DEMO ONLY - DO NOT PAY', account_number: '000-0-00000-0', bank: 'Demo Bank' },
    names: {
      th: 'โอนผ่านธนาคาร (ตัวอย่าง)',
      en: 'Bank transfer (demo)',
      'zh-cn': '银行转账（演示）',
      'zh-hk': '銀行轉帳（示範）',
      vi: 'Chuyển khoản ngân hàng (minh họa)',
      pt: 'Transferência bancária (demonstração)',
    },
  },
  {
    type: 'pix',
    name: 'PIX (demo)',
    details: { key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906' },
    names: {
      th: 'PIX (ตัวอย่าง)',
      en: 'PIX (demo)',
      'zh-cn': 'PIX（演示）',
      'zh-hk': 'PIX（示範）',
      vi: 'PIX (minh họa)',
      pt: 'PIX (demonstração)',
    },
  },
  {
    type: 'crypto',
    name: 'USDT-TRC20 (demo)',
    details: { coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    names: {
      th: 'USDT-TRC20 (ตัวอย่าง)',
      en: 'USDT-TRC20 (demo)',
      'zh-cn': 'USDT-TRC20（演示）',
      'zh-hk': 'USDT-TRC20（示範）',
      vi: 'USDT-TRC20 (minh họa)',
      pt: 'USDT-TRC20 (demonstração)',
    },
  },
  {
    type: 'crypto',
    name: 'USDT-ERC20 (demo)',
    details: { coin: 'USDT-ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    names: {
      th: 'USDT-ERC20 (ตัวอย่าง)',
      en: 'USDT-ERC20 (demo)',
      'zh-cn': 'USDT-ERC20（演示）',
      'zh-hk': 'USDT-ERC20（示範）',
      vi: 'USDT-ERC20 (minh họa)',
      pt: 'USDT-ERC20 (demonstração)',
    },
  },
] as const;

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('recharge_channels')
    .addColumn('name_translations', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::jsonb`)
        .check(sql`jsonb_typeof(name_translations) = 'object'`),
    )
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  for (const seed of SEEDED) {
    await db
      .updateTable('recharge_channels')
      .set({ name_translations: JSON.stringify(seed.names) })
      .where('type', '=', seed.type)
      .where('name', '=', seed.name)
      .execute();
    // Still the seed's example details (an operator may have put real ones in since): a demo.
    await db
      .updateTable('recharge_channels')
      .set({ demo: true })
      .where('type', '=', seed.type)
      .where(sql<boolean>`config @> ${JSON.stringify(seed.details)}::jsonb`)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recharge_channels').dropColumn('name_translations').dropColumn('demo').execute();
}
