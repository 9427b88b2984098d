import type { Kysely } from 'kysely';

// The draws audit (modules/draws, draw-audit.service.ts) lists every game's periods newest draw first, a page at a time: an index on
// the draw time across games keeps that a short index scan however many periods there are (the per-game index of
// 0007 serves the list filtered by game).

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('periods_draw_at_id_idx').on('periods').columns(['draw_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('periods_draw_at_id_idx').execute();
}
