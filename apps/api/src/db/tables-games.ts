import type { ColumnType, Generated } from 'kysely';
import type { PeriodStatus } from '@fairdraw/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Written once at creation, never updated (the periods trigger refuses it). */
type WriteOnce<T> = ColumnType<T, T, never>;

/** When a game draws (migration 0007). Seeded from the domain's GAMES; an operator may change cycle and seal. */
export interface GameSchedulesTable {
  game_id: number;
  cycle_seconds: number;
  seal_seconds: number;
  /** 'HH:MM' for a once-a-day draw (Mark Six), else null. */
  daily_at: string | null;
  /** IANA zone; null = the BUSINESS_TIME_ZONE setting. */
  time_zone: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

/** What can be bet on in a game: a domain play code with the game's odds and stake limits (minor units). */
export interface PlayItemsTable {
  id: Generated<number>;
  game_id: number;
  code: string;
  group_code: string;
  odds_bps: number;
  min_stake: number;
  max_stake: number;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

/** One period ("issue") of a game; see migration 0007 for what the database refuses. */
export interface PeriodsTable {
  id: Generated<number>;
  game_id: WriteOnce<number>;
  issue: WriteOnce<string>;
  status: ColumnType<PeriodStatus, PeriodStatus | undefined, PeriodStatus>;
  open_at: WriteOnce<Date>;
  seal_at: WriteOnce<Date>;
  draw_at: WriteOnce<Date>;
  opened_at: ColumnType<Date | null, never, Date>;
  sealed_at: ColumnType<Date | null, never, Date>;
  drawn_at: ColumnType<Date | null, never, Date>;
  settled_at: ColumnType<Date | null, never, Date>;
  commitment: WriteOnce<string>;
  /** 32 bytes; secret until the period is drawn. */
  seed: WriteOnce<Uint8Array>;
  algorithm: ColumnType<string, string | undefined, never>;
  beacon_name: ColumnType<string | null, string | null | undefined, never>;
  beacon_value: ColumnType<string | null, string | null | undefined, string>;
  result: ColumnType<number[] | null, never, number[]>;
  void_reason: ColumnType<string | null, never, string>;
  created_at: CreatedAt;
}

/** A play's odds and stake limits from `effective_from` on (migration 0031, append-only; modules/games README). */
export interface PlayItemVersionsTable {
  id: Generated<number>;
  play_item_id: number;
  effective_from: Date;
  odds_bps: number;
  min_stake: number;
  max_stake: number;
  created_by: number | null;
  created_at: Date;
}

/** A game's cycle and seal from local day `effective_date` ('YYYY-MM-DD') on (migration 0031, append-only). */
export interface GameScheduleVersionsTable {
  id: Generated<number>;
  game_id: number;
  effective_date: ColumnType<string, string, never>;
  cycle_seconds: number;
  seal_seconds: number;
  created_by: number | null;
  created_at: Date;
}
