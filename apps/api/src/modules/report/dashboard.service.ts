import { addDays, formatAmount, localDate, zonedInstant } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { DASHBOARD_CSV_TEXTS, DASHBOARD_MAX_DAYS, REPORT_DAYS_BACK } from '@fairdraw/contract';
import type {
  Dashboard,
  DashboardCell,
  DashboardDay,
  DashboardFigures,
  DashboardGame,
  DashboardQuery,
  Lang,
  ProfitDay,
  ProfitFigures,
  ProfitGame,
  ProfitQuery,
  ProfitReport,
  RechargeRange,
} from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { BOM, csvCell, csvLine, csvNumber } from '../../lib/csv.ts';
import {
  dayGameCells,
  dayStates,
  finalDays,
  firstLedgerAt,
  gameNames,
  lockRebuilds,
  markDay,
  playerRows,
  playersPerDay,
  playersPerGame,
  rebuildDay,
} from './report.repository.ts';
import type { CellRow, DayState, GameName, SummaryRow } from './report.repository.ts';

/** A day is rebuilt for good once this long after it ended (a transaction begun before midnight has committed). */
export const FINAL_AFTER_MS = 60_000;
/** How far back a first rebuild goes on a site that had no summary yet. */
export const BACKFILL_DAYS = 400;

/** The half-open instants [from, to) of business day `day` in `timeZone`. */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  return { from: new Date(zonedInstant(day, 0, timeZone)), to: new Date(zonedInstant(addDays(day, 1), 0, timeZone)) };
}

/** Every YYYY-MM-DD from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Rebuilds one day from the ledger in a transaction of its own, under the rebuild lock (one rebuild at a time). */
export async function rebuildReportDay(db: Db, day: string, now: Date, timeZone: string): Promise<number> {
  const { from, to } = dayBounds(day, timeZone);
  return db.transaction().execute(async (trx) => {
    await lockRebuilds(trx);
    const rows = await rebuildDay(trx, day, from, to);
    await markDay(trx, day, now, now.getTime() >= to.getTime() + FINAL_AFTER_MS);
    return rows;
  });
}

/**
 * The scheduler's job: rebuilds today, and every earlier day (since the ledger began, at most BACKFILL_DAYS back)
 * not yet rebuilt for good. Each day is deleted and inserted again from the ledger in one transaction under an
 * advisory lock, so two instances running it at once serialise and leave exactly one copy of each day's rows.
 */
export async function refreshReports(db: Db, now: Date, timeZone: string): Promise<{ days: number; rows: number }> {
  const today = localDate(now.getTime(), timeZone);
  const first = await firstLedgerAt(db);
  const days: string[] = [];
  if (first !== undefined) {
    const oldest = addDays(today, -BACKFILL_DAYS);
    const start = localDate(first.getTime(), timeZone);
    const from = start > oldest ? start : oldest;
    const yesterday = addDays(today, -1);
    if (from <= yesterday) {
      const done = await finalDays(db, from, yesterday);
      for (const d of daysBetween(from, yesterday)) if (!done.has(d)) days.push(d);
    }
  }
  days.push(today);
  let rows = 0;
  for (const day of days) rows += await rebuildReportDay(db, day, now, timeZone);
  return { days: days.length, rows };
}

/**
 * The scheduler's job (handed to the draws plugin by app.ts): rebuild the summary every `everyMs`
 * (REPORT_REFRESH_SECONDS, at most 15 minutes: the spec lets today's figures be that late).
 */
export function reportRefreshJob(
  timeZone: string,
  everyMs: number,
): { name: string; everyMs: number; run: (db: Db, now: Date) => Promise<unknown> } {
  return { name: 'report-summary', everyMs, run: (db, now) => refreshReports(db, now, timeZone) };
}

/**
 * Whether a day's figures can no longer change: a past day rebuilt for good, or one before the ledger's first
 * movement (nothing can be posted in the past). Today never is.
 */
function finality(states: readonly DayState[], today: string, first: Date | undefined, timeZone: string) {
  const finalDays = new Set(states.filter((s) => s.final).map((s) => s.day));
  const firstDay = first === undefined ? today : localDate(first.getTime(), timeZone);
  return (day: string) => day < today && (finalDays.has(day) || day < firstDay);
}

const PROFIT_RANGE_DAYS: Record<RechargeRange, readonly [number, number]> = {
  today: [0, 0],
  yesterday: [-1, -1],
  before_yesterday: [-2, -2],
  last7: [-6, 0],
};

function zeroFigures(): ProfitFigures {
  return { stakes: 0, payouts: 0, net: 0, rebates: 0, deposits: 0, withdrawals: 0 };
}

function addRow(f: ProfitFigures, r: SummaryRow): void {
  f.stakes += r.stakes;
  f.payouts += r.payouts;
  f.rebates += r.rebates;
  f.deposits += r.deposits;
  f.withdrawals += r.withdrawals;
  f.net = f.payouts + f.rebates - f.stakes;
}

/** A player's profit report: `range`, or one `day` (today or up to REPORT_DAYS_BACK days back). */
export async function profitReport(
  db: Db,
  userId: number,
  query: ProfitQuery,
  ctx: { now: Date; timeZone: string; lang: Lang },
): Promise<ProfitReport> {
  const today = localDate(ctx.now.getTime(), ctx.timeZone);
  let from: string;
  let to: string;
  if (query.day !== undefined) {
    const oldest = addDays(today, -REPORT_DAYS_BACK);
    if (query.day > today || query.day < oldest) {
      throw new AppError('REPORT_DAY_INVALID', { field: 'day', params: { from: oldest, to: today } });
    }
    from = query.day;
    to = query.day;
  } else {
    const [first, last] = PROFIT_RANGE_DAYS[query.range];
    from = addDays(today, first);
    to = addDays(today, last);
  }
  const week = addDays(today, -6);
  const readFrom = from < week ? from : week;
  const [rows, states, games, first] = await Promise.all([
    playerRows(db, userId, readFrom, today),
    dayStates(db, readFrom, today),
    gameNames(db),
    firstLedgerAt(db),
  ]);
  const isFinal = finality(states, today, first, ctx.timeZone);
  const stateOf = new Map(states.map((s) => [s.day, s]));
  const perDay = new Map<string, ProfitFigures>();
  const perGame = new Map<number, ProfitGame>();
  const totals = zeroFigures();
  const gameById = new Map(games.map((g) => [g.id, g]));
  for (const r of rows) {
    const f = perDay.get(r.day) ?? zeroFigures();
    addRow(f, r);
    perDay.set(r.day, f);
    if (r.day < from || r.day > to) continue;
    addRow(totals, r);
    if (r.game_id === 0) continue;
    const g = perGame.get(r.game_id) ?? gameEntry(r.game_id, gameById.get(r.game_id), ctx.lang);
    g.stakes += r.stakes;
    g.payouts += r.payouts;
    g.net = g.payouts - g.stakes;
    g.slips += r.slips;
    perGame.set(r.game_id, g);
  }
  const dayEntry = (day: string): ProfitDay => ({
    day,
    final: isFinal(day),
    ...(perDay.get(day) ?? zeroFigures()),
  });
  const includesToday = to === today;
  const todayState = stateOf.get(today);
  return {
    from,
    to,
    today,
    time_zone: ctx.timeZone,
    includes_today: includesToday,
    refreshed_at: includesToday && todayState ? todayState.refreshed_at.getTime() : null,
    totals,
    days: daysBetween(from, to).map(dayEntry),
    games: [...perGame.values()].sort((a, b) => b.stakes - a.stakes || a.game_id - b.game_id),
    last7: daysBetween(week, today).map(dayEntry),
  };
}

function gameEntry(id: number, game: GameName | undefined, lang: Lang): ProfitGame {
  return {
    game_id: id,
    code: game?.code ?? '',
    name: game ? localize(game.name, lang) : String(id),
    stakes: 0,
    payouts: 0,
    net: 0,
    slips: 0,
  };
}

/** The dashboard's range: `from`..`to` (default the last seven days), at most DASHBOARD_MAX_DAYS days. */
export function dashboardRange(query: DashboardQuery, now: Date, timeZone: string): { from: string; to: string } {
  const today = localDate(now.getTime(), timeZone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -6);
  if (from > to) throw new AppError('EXPORT_RANGE_INVALID', { field: 'from' });
  if (addDays(from, DASHBOARD_MAX_DAYS) <= to) {
    throw new AppError('REPORT_RANGE_TOO_LONG', { field: 'to', params: { days: DASHBOARD_MAX_DAYS } });
  }
  return { from, to };
}

/** Every figure of a dashboard row at zero, hold unknown. */
export function zeroDashboard(): DashboardFigures {
  return {
    players: 0,
    slips: 0,
    stakes: 0,
    payouts: 0,
    ggr: 0,
    hold: null,
    deposits: 0,
    withdrawals: 0,
    bonus: 0,
  };
}

/** GGR ÷ stakes in percent with two decimals, or null without stakes. */
export function holdPercent(ggr: number, stakes: number): number | null {
  return stakes === 0 ? null : Math.round((ggr / stakes) * 10_000) / 100;
}

function addCell(f: DashboardFigures, c: CellRow): void {
  f.slips += c.slips;
  f.stakes += c.stakes;
  f.payouts += c.payouts;
  f.deposits += c.deposits;
  f.withdrawals += c.withdrawals;
  f.bonus += c.rebates;
  f.ggr = f.stakes - f.payouts;
  f.hold = holdPercent(f.ggr, f.stakes);
}

/** The operator's dashboard: per day and per game, from the same summary as the profit report. */
export async function dashboard(
  db: Db,
  query: DashboardQuery,
  ctx: { now: Date; timeZone: string; lang: Lang; currency: string },
): Promise<Dashboard> {
  const today = localDate(ctx.now.getTime(), ctx.timeZone);
  const { from, to } = dashboardRange(query, ctx.now, ctx.timeZone);
  const [cellRows, dayPlayers, gamePlayers, states, games, first] = await Promise.all([
    dayGameCells(db, from, to),
    playersPerDay(db, from, to),
    playersPerGame(db, from, to),
    dayStates(db, from, to),
    gameNames(db),
    firstLedgerAt(db),
  ]);
  const isFinal = finality(states, today, first, ctx.timeZone);
  const stateOf = new Map<string, DayState>(states.map((s) => [s.day, s]));
  const perDay = new Map<string, DashboardFigures>();
  const perGame = new Map<number, DashboardFigures>();
  const totals = zeroDashboard();
  const cells: DashboardCell[] = [];
  for (const c of cellRows) {
    const cell = { day: c.day, game_id: c.game_id, ...zeroDashboard() };
    addCell(cell, c);
    cell.players = c.players;
    cells.push(cell);
    const d = perDay.get(c.day) ?? zeroDashboard();
    addCell(d, c);
    perDay.set(c.day, d);
    const g = perGame.get(c.game_id) ?? zeroDashboard();
    addCell(g, c);
    perGame.set(c.game_id, g);
    addCell(totals, c);
  }
  totals.players = gamePlayers.get(-1) ?? 0;
  const days: DashboardDay[] = daysBetween(from, to).map((day) => ({
    day,
    final: isFinal(day),
    ...(perDay.get(day) ?? zeroDashboard()),
    players: dayPlayers.get(day) ?? 0,
  }));
  const names = new Map(games.map((g) => [g.id, g]));
  const gameRows: DashboardGame[] = [...perGame.entries()]
    .map(([id, f]) => ({
      game_id: id,
      code: names.get(id)?.code ?? '',
      name: id === 0 ? '' : names.get(id) ? localize(names.get(id)!.name, ctx.lang) : String(id),
      ...f,
      players: gamePlayers.get(id) ?? 0,
    }))
    .sort((a, b) => b.stakes - a.stakes || a.game_id - b.game_id);
  const todayState = stateOf.get(today);
  return {
    from,
    to,
    today,
    time_zone: ctx.timeZone,
    currency: ctx.currency,
    refreshed_at: to >= today && todayState ? todayState.refreshed_at.getTime() : null,
    totals,
    days,
    games: gameRows,
    cells,
  };
}

/**
 * The dashboard as CSV: a UTF-8 BOM, the header row in `lang`, then per day a line for all games followed by one per
 * game that moved, and a last line of totals per game over the range. Text cells are CSV-injection safe (csv.ts).
 */
export function dashboardCsv(data: Dashboard, lang: Lang, currency: CurrencyCode): string {
  const texts = DASHBOARD_CSV_TEXTS[lang];
  const money = (n: number) => csvNumber(formatAmount(n, currency));
  const gameName = (id: number) => {
    if (id === 0) return texts.no_game;
    const g = data.games.find((x) => x.game_id === id);
    return g ? g.name : String(id);
  };
  const line = (day: string, game: string, f: DashboardFigures) =>
    csvLine([
      csvCell(day),
      csvCell(game),
      String(f.players),
      String(f.slips),
      money(f.stakes),
      money(f.payouts),
      money(f.ggr),
      f.hold === null ? '' : f.hold.toFixed(2),
      money(f.deposits),
      money(f.withdrawals),
      money(f.bonus),
      csvCell(currency),
    ]);
  let out = BOM + csvLine(texts.header.map(csvCell));
  for (const d of data.days) {
    out += line(d.day, texts.all_games, d);
    for (const c of data.cells.filter((x) => x.day === d.day)) out += line(d.day, gameName(c.game_id), c);
  }
  const range = `${data.from}..${data.to}`;
  out += line(range, texts.all_games, data.totals);
  for (const g of data.games) out += line(range, gameName(g.game_id), g);
  return out;
}
