import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of migration 2026_11_24_0027_bonus (modules/bonus). */

export interface BonusRebateRatesTable {
  family: string;
  rate_bps: number;
  multiple: number;
}

/** One row per business day whose rebates were computed; inserted first, so a day is computed once. */
export interface BonusRebateDaysTable {
  day: string;
  computed_at: Date;
  players: number;
  total: number;
}

export type RebateLineJson = { family: string; turnover: number; rate_bps: number; multiple: number; amount: number };

export interface BonusRebatesTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  turnover: number;
  amount: number;
  requirement: number;
  lines: JSONColumnType<RebateLineJson[], string, never>;
  created_at: ColumnType<Date, Date, never>;
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date>;
}
