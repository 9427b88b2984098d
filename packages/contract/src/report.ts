import { z } from 'zod';
import { calendarDate } from './statement.ts';
import type { Lang } from './langs.ts';
import { RECHARGE_RANGES } from './values.ts';
import th from '../locales/th/report.json' with { type: 'json' };
import en from '../locales/en/report.json' with { type: 'json' };
import zhCn from '../locales/zh-cn/report.json' with { type: 'json' };
import zhHk from '../locales/zh-hk/report.json' with { type: 'json' };
import vi from '../locales/vi/report.json' with { type: 'json' };
import pt from '../locales/pt/report.json' with { type: 'json' };

/**
 * The profit report (`GET /api/report/profit`) and the operator dashboard (`/api/admin/dashboard/...`).
 * Both read the daily summary the scheduler's leader rebuilds from the ledger (modules/report/README.md). Money is
 * minor units of the player's real-money accounts; play money never counts.
 */

/** How many past days a player may look back at, one day at a time. */
export const REPORT_DAYS_BACK = 90;
/** The longest range the dashboard shows or exports at once. */
export const DASHBOARD_MAX_DAYS = 92;

export const profitQuery = z.object({
  /** The four ranges of the records screens; ignored when `day` is given. */
  range: z.enum(RECHARGE_RANGES, { error: 'VALIDATION_FAILED' }).default('today'),
  /** One business day, today or up to REPORT_DAYS_BACK days before (YYYY-MM-DD). */
  day: calendarDate.optional().meta({ example: '2026-11-20' }),
});
export type ProfitQuery = z.infer<typeof profitQuery>;

/** What the ledger moved for the player: `net` is payouts + rebates − stakes (what the player won or lost). */
export const profitFigures = z.object({
  stakes: z.number().int(),
  /** Wins and pushes credited, and stakes refunded for a void period. */
  payouts: z.number().int(),
  net: z.number().int(),
  /** Ledger transactions of kind rebate credited to the player. */
  rebates: z.number().int(),
  deposits: z.number().int(),
  /** Withdrawals paid out (the fee included). */
  withdrawals: z.number().int(),
});
export type ProfitFigures = z.infer<typeof profitFigures>;

export const profitDay = profitFigures.extend({
  day: z.string(),
  /** False for today (and a past day the summary has not yet rebuilt after it ended): it may still change. */
  final: z.boolean(),
});
export type ProfitDay = z.infer<typeof profitDay>;

export const profitGame = z.object({
  game_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stakes: z.number().int(),
  payouts: z.number().int(),
  net: z.number().int(),
  slips: z.number().int(),
});
export type ProfitGame = z.infer<typeof profitGame>;

export const profitReport = z.object({
  /** First and last business day shown (YYYY-MM-DD, both included). */
  from: z.string(),
  to: z.string(),
  /** Today, business time zone. */
  today: z.string(),
  time_zone: z.string(),
  /** True when today is in the range: its figures may be delayed by up to 15 minutes. */
  includes_today: z.boolean(),
  /** Epoch ms of the summary's last rebuild of today; null when today is not shown or not yet summarised. */
  refreshed_at: z.number().int().nullable(),
  totals: profitFigures,
  /** Every day of the range, oldest first (zeros where nothing moved). */
  days: z.array(profitDay),
  /** Per game, most staked first. */
  games: z.array(profitGame),
  /** The last seven days ending today, oldest first, for the bar chart. */
  last7: z.array(profitDay),
});
export type ProfitReport = z.infer<typeof profitReport>;

export const dashboardQuery = z.object({
  /** First business day, YYYY-MM-DD (default: six days before today). */
  from: calendarDate.optional().meta({ example: '2026-11-18' }),
  /** Last business day, YYYY-MM-DD, included (default: today). */
  to: calendarDate.optional().meta({ example: '2026-11-24' }),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** The console's range form: both days required (the server checks the order and the length). */
export const dashboardRangeForm = z.object({ from: calendarDate, to: calendarDate });
export type DashboardRangeForm = z.infer<typeof dashboardRangeForm>;

export const dashboardFigures = z.object({
  /** Players who staked real money. */
  players: z.number().int(),
  slips: z.number().int(),
  stakes: z.number().int(),
  payouts: z.number().int(),
  /** Gross gaming revenue: stakes − payouts. */
  ggr: z.number().int(),
  /** GGR ÷ stakes in percent, two decimals; null without stakes. */
  hold: z.number().nullable(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  /** Rebate credits (the ledger's kind rebate). */
  bonus: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = dashboardFigures.extend({ day: z.string(), final: z.boolean() });
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardGame = dashboardFigures.extend({ game_id: z.number().int(), code: z.string(), name: z.string() });
export type DashboardGame = z.infer<typeof dashboardGame>;

export const dashboardCell = dashboardFigures.extend({ day: z.string(), game_id: z.number().int() });
export type DashboardCell = z.infer<typeof dashboardCell>;

export const dashboard = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  /** Epoch ms of the last rebuild of today; null when today is not in the range or not yet summarised. */
  refreshed_at: z.number().int().nullable(),
  totals: dashboardFigures,
  /** Every day of the range, oldest first. */
  days: z.array(dashboardDay),
  /** Every game (game_id 0: money not tied to a game — deposits, withdrawals, rebates), most staked first. */
  games: z.array(dashboardGame),
  /** Per day per game, where anything moved. */
  cells: z.array(dashboardCell),
});
export type Dashboard = z.infer<typeof dashboard>;

/** The dashboard export's words: the header row and the name of the "no game" row. */
export type DashboardCsvTexts = { header: readonly string[]; all_games: string; no_game: string };

export const DASHBOARD_CSV_TEXTS: Record<Lang, DashboardCsvTexts> = {
  th: th,
  en: en,
  'zh-cn': zhCn,
  'zh-hk': zhHk,
  vi: vi,
  pt: pt,
};
