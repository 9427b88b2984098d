import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Periods and the draw (docs/fairness.md; docs/trust.md 11–16), game schedules and play items.
//
// What the database itself guarantees about periods, on PostgreSQL and PGlite alike (a trigger, for every role):
// - commitment, seed, result, algorithm, issue, game and scheduled times are write-once: once set they never change;
// - status only moves forward: scheduled → open → sealed → drawn → settled, or scheduled/open/sealed → void
//   (a drawn period can never be voided, so no one can discard a draw they dislike);
// - a result can only be written by the sealed → drawn transition;
// - rows are never deleted or truncated.
// There is no table or column to preset, choose or override a result (docs/trust.md 16): the only writer of `result` is
// the scheduler's fd1 draw from the committed seed (modules/draws/draws.service.ts).
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_schedules')
    .addColumn('game_id', 'integer', (c) => c.primaryKey().references('games.id'))
    .addColumn('cycle_seconds', 'integer', (c) => c.notNull().check(sql`cycle_seconds between 10 and 86400`))
    .addColumn('seal_seconds', 'integer', (c) => c.notNull().check(sql`seal_seconds >= 0`))
    // HH:MM in the time zone for a once-a-day draw (Mark Six '21:30'); null for games drawn every cycle from 00:00.
    .addColumn('daily_at', 'text', (c) => c.check(sql`daily_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    // IANA zone of the issue numbers; null = the BUSINESS_TIME_ZONE setting.
    .addColumn('time_zone', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('game_schedules_seal_before_draw', sql`seal_seconds < cycle_seconds`)
    .execute();

  await db.schema
    .createTable('play_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    // The domain's play code (e.g. 'pk10.pos3.num7'); bets store it with the odds they were accepted at.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('group_code', 'text', (c) => c.notNull())
    .addColumn('odds_bps', 'integer', (c) => c.notNull().check(sql`odds_bps > 10000`))
    .addColumn('min_stake', 'bigint', (c) => c.notNull().check(sql`min_stake > 0`))
    .addColumn('max_stake', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('play_items_game_code_key', ['game_id', 'code'])
    .addCheckConstraint('play_items_stake_range', sql`max_stake >= min_stake`)
    .execute();

  await db.schema
    .createTable('periods')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('issue', 'text', (c) => c.notNull().check(sql`issue ~ '^[0-9]{8}-[0-9]{4}$'`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status in ('scheduled', 'open', 'sealed', 'drawn', 'settled', 'void')`),
    )
    .addColumn('open_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seal_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz')
    .addColumn('sealed_at', 'timestamptz')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('commitment', 'text', (c) => c.notNull().check(sql`commitment ~ '^[0-9a-f]{64}$'`))
    .addColumn('seed', 'bytea', (c) => c.notNull().check(sql`octet_length(seed) = 32`))
    .addColumn('algorithm', 'text', (c) => c.notNull().defaultTo('fd1'))
    .addColumn('beacon_name', 'text')
    .addColumn('beacon_value', 'text')
    .addColumn('result', sql`integer[]`)
    .addColumn('void_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('periods_game_issue_key', ['game_id', 'issue'])
    .addCheckConstraint('periods_times_ordered', sql`open_at <= seal_at and seal_at <= draw_at`)
    .addCheckConstraint('periods_drawn_has_result', sql`(status in ('drawn', 'settled')) = (result is not null)`)
    .addCheckConstraint('periods_void_has_reason', sql`(status = 'void') = (void_reason is not null)`)
    .execute();
  await db.schema.createIndex('periods_game_draw_at_idx').on('periods').columns(['game_id', 'draw_at']).execute();
  // The scheduler's work queue: periods not yet drawn (small; scanned every second).
  await db.schema
    .createIndex('periods_pending_idx')
    .on('periods')
    .columns(['status', 'draw_at'])
    .where(sql.ref('status'), 'in', ['scheduled', 'open', 'sealed'])
    .execute();
  // History: drawn periods of a game, newest first.
  await db.schema
    .createIndex('periods_drawn_idx')
    .on('periods')
    .columns(['game_id', 'draw_at'])
    .where(sql.ref('result'), 'is not', null)
    .execute();

  await sql`
    create function fd_periods_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or tg_op = 'TRUNCATE' then
        raise exception 'periods are append-only (% refused)', tg_op using errcode = '55000';
      end if;
      if new.id <> old.id or new.game_id <> old.game_id or new.issue <> old.issue
        or new.commitment <> old.commitment or new.seed <> old.seed or new.algorithm <> old.algorithm
        or new.open_at <> old.open_at or new.seal_at <> old.seal_at or new.draw_at <> old.draw_at
        or new.created_at <> old.created_at
        or (old.result is not null and new.result is distinct from old.result)
        or (old.beacon_value is not null and new.beacon_value is distinct from old.beacon_value)
        or (old.beacon_name is not null and new.beacon_name is distinct from old.beacon_name)
        or (old.drawn_at is not null and new.drawn_at is distinct from old.drawn_at) then
        raise exception 'period %: commitment, seed, result, algorithm, issue and times are write-once', old.id
          using errcode = '55000';
      end if;
      if new.status <> old.status and not (
        (old.status = 'scheduled' and new.status in ('open', 'void'))
        or (old.status = 'open' and new.status in ('sealed', 'void'))
        or (old.status = 'sealed' and new.status in ('drawn', 'void'))
        or (old.status = 'drawn' and new.status = 'settled')) then
        raise exception 'period %: status % cannot become %', old.id, old.status, new.status using errcode = '55000';
      end if;
      if old.result is null and new.result is not null and not (old.status = 'sealed' and new.status = 'drawn') then
        raise exception 'period %: a result is only written by the draw', old.id using errcode = '55000';
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger periods_guard before update or delete on periods
    for each row execute function fd_periods_guard()`.execute(db);
  await sql`create trigger periods_no_truncate before truncate on periods
    for each statement execute function fd_periods_guard()`.execute(db);

  // Betting defaults (README "Games"): stakes of 1.00 to 50,000.00 per bet item, 200,000.00 per player per period.
  await db
    .insertInto('settings')
    .values([
      { key: 'bet_min_stake', value: JSON.stringify(100) },
      { key: 'bet_max_stake', value: JSON.stringify(5_000_000) },
      { key: 'bet_period_max_per_player', value: JSON.stringify(20_000_000) },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('settings')
    .where('key', 'in', ['bet_min_stake', 'bet_max_stake', 'bet_period_max_per_player'])
    .execute();
  await db.schema.dropTable('periods').execute();
  await db.schema.dropTable('play_items').execute();
  await db.schema.dropTable('game_schedules').execute();
  await sql`drop function fd_periods_guard()`.execute(db);
}
