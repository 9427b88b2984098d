import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Chases (modules/bets/README.md: chase): the same slip over a game's next periods, its whole stake taken when the
// chase is placed.
// - ledger_accounts: the per-player account `player_chase` (the chases' held stake) may not go below zero either.
// - chases: the slip as asked (items), its total, how many periods, stop on a win, the status (active → done, won,
//   cancelled or refused, with the refusal's key), the whole stake held and what went back, and the draw time of the
//   last period placed (the next is placed on a later one).
// - chase_periods: one row per period of a chase: its multiplier and stake, pending → placed (the slip, its issue)
//   or refunded. UNIQUE bet_id: a slip is one period's; UNIQUE (chase_id, seq).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_player_balance_nonnegative`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_player_balance_nonnegative
    check (kind not in ('player_cash', 'player_demo', 'withdrawals_pending', 'player_chase') or balance >= 0)`.execute(
    db,
  );

  await db.schema
    .createTable('chases')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('slip_total', 'bigint', (c) => c.notNull().check(sql`slip_total > 0`))
    .addColumn('periods', 'integer', (c) => c.notNull().check(sql`periods between 2 and 50`))
    .addColumn('stop_on_win', 'boolean', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total > 0`))
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'done', 'won', 'cancelled', 'refused')`),
    )
    .addColumn('stop_reason', 'text')
    .addColumn('last_draw_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('chases_user_idx').on('chases').columns(['user_id', 'id']).execute();
  await sql`create index chases_active_idx on chases (game_id) where status = 'active'`.execute(db);

  await db.schema
    .createTable('chase_periods')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('chase_id', 'integer', (c) => c.notNull().references('chases.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('multiplier', 'integer', (c) => c.notNull().check(sql`multiplier >= 1`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'placed', 'refunded')`),
    )
    .addColumn('bet_id', 'integer', (c) => c.unique().references('bets.id'))
    .addColumn('issue', 'text')
    .addColumn('placed_at', 'timestamptz')
    .addUniqueConstraint('chase_periods_chase_seq_key', ['chase_id', 'seq'])
    .addCheckConstraint('chase_periods_placed_has_slip', sql`(status = 'placed') = (bet_id is not null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chase_periods').execute();
  await db.schema.dropTable('chases').execute();
  await sql`alter table ledger_accounts drop constraint ledger_accounts_player_balance_nonnegative`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_player_balance_nonnegative
    check (kind not in ('player_cash', 'player_demo', 'withdrawals_pending') or balance >= 0)`.execute(db);
}
