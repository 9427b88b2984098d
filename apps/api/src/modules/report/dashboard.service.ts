/** The operator's dashboard and its CSV, from the report summary (report-rebuild.service.ts). */
import { addDays, formatAmount, localDate } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import { DASHBOARD_CSV_TEXTS, DASHBOARD_MAX_DAYS } from '@fairdraw/contract';
import type {
  Dashboard,
  DashboardCell,
  DashboardDay,
  DashboardFigures,
  DashboardGame,
  DashboardQuery,
  Lang,
} from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { BOM, csvCell, csvLine, csvNumber } from '../../lib/csv.ts';
import {
  dayGameCells,
  dayStates,
  firstLedgerAt,
  gameNames,
  playersPerDay,
  playersPerGame,
} from './report.repository.ts';
import type { CellRow, DayState } from './report.repository.ts';
import { daysBetween, finality } from './report-rebuild.service.ts';

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
