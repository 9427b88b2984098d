import type { ColumnType } from 'kysely';

/** Tables of migration 2026_11_24_0029_report_daily (modules/report). */

/** `date` columns: written as 'YYYY-MM-DD', read back with `day::text`. */
type Day = ColumnType<string, string, string>;

/** What the ledger moved on one player's real-money accounts on one business day, for one game (0: none). */
export interface ReportDailyTable {
  day: Day;
  user_id: number;
  game_id: number;
  stakes: number;
  payouts: number;
  rebates: number;
  deposits: number;
  withdrawals: number;
  slips: number;
}

/** When a business day was last rebuilt from the ledger; `final` once rebuilt after the day ended. */
export interface ReportDaysTable {
  day: Day;
  refreshed_at: Date;
  final: boolean;
}
