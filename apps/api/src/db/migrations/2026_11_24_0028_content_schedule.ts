import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Promotions and the Home's content. Banners gain a schedule (shown only from `starts_at` until
// `ends_at`, either open) and optional per-language images; promotions are published by operators with a title and
// a body in every language, an image, an optional link to a screen of the site, a start and an end.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('banners')
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .execute();
  await sql`alter table banners add constraint banners_schedule_order check (ends_at is null or starts_at is null or ends_at > starts_at)`.execute(
    db,
  );

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    // A screen of the site (contract isSiteLink), never an arbitrary address.
    .addColumn('link', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('promotions_schedule_order', sql`ends_at > starts_at`)
    .execute();
  // The players' list: live ones by order, found by their end.
  await db.schema.createIndex('promotions_live_idx').on('promotions').columns(['enabled', 'ends_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotions').execute();
  await sql`alter table banners drop constraint banners_schedule_order`.execute(db);
  await db.schema.alterTable('banners').dropColumn('images').dropColumn('starts_at').dropColumn('ends_at').execute();
}
