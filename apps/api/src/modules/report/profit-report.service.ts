/** A player's profit report, from the report summary (report-rebuild.service.ts). */
import { addDays, localDate } from '@fairdraw/domain';
import { REPORT_DAYS_BACK } from '@fairdraw/contract';
import type {
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
import { dayStates, firstLedgerAt, gameNames, playerRows } from './report.repository.ts';
import type { GameName, SummaryRow } from './report.repository.ts';
import { daysBetween, finality } from './report-rebuild.service.ts';

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
