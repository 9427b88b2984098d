/**
 * The console's Games screen (modules/games/README.md): the list of games with their settings. Its saves are files of
 * their own: a play's odds and stake limits (play-odds.service.ts), a game's switches (game-switches.service.ts), a
 * game's schedule (game-schedules.service.ts), the per-period limits (period-limits.service.ts). Every save is one
 * transaction with its audit row (before/after).
 *
 * When a change applies:
 * - odds and stakes: from the first period of the game that has not opened when the change is saved. The save locks
 *   the game's scheduled periods FOR UPDATE (none can open meanwhile) and writes a play_item_versions row starting at
 *   the earliest one's open time (after every opened period's); bets read the version in force at their period's
 *   open time, so an open or sealed period keeps its odds for every bet, placed before the save or after it;
 * - a schedule (cycle, seal): from the first local day that has no period yet (issue numbers restart each day, so the
 *   committed periods, published with their commitments, are drawn as created; nothing is voided or renumbered);
 * - enabling or disabling a game and the per-period limit: at once (a disabled game refuses bets at once and leaves
 *   the lobby; its periods already created are still drawn and settled, no new ones are created).
 * - whether players may cancel the game's slips before the seal: at once (the cancel reads it in its transaction);
 * - a game's own per-period limit: at once too, to the next slips (place_bet_slips reads it per slip; the lower of
 *   it and the site-wide limit binds).
 * Nothing here reads or writes a seed or a result.
 */
import { localDate } from '@fairdraw/domain';
import type { AdminGame, AdminGames, Lang } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { currentIssue } from '../draws/periods.service.ts';
import * as repo from './games-admin.repository.ts';

export type GamesAdminContext = { timeZone: string; now: Date; cycleOverrideSeconds?: number | undefined };

export const PERIOD_MAX_KEY = 'bet_period_max_per_player';
const PERIOD_MAX_DEFAULT = 20_000_000;

export function periodMaxOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : PERIOD_MAX_DEFAULT;
}

/** GET /api/admin/games/list */
export async function listGames(db: Db, lang: Lang, ctx: GamesAdminContext): Promise<AdminGames> {
  const [rows, versions, periodMax] = await Promise.all([
    repo.gamesWithSchedules(db),
    repo.scheduleVersions(db),
    repo.readSetting(db, PERIOD_MAX_KEY),
  ]);
  const games: AdminGame[] = [];
  for (const r of rows) {
    const zone = r.time_zone ?? ctx.timeZone;
    const today = localDate(ctx.now.getTime(), zone);
    const mine = versions.filter((v) => v.game_id === r.id);
    const inForce = mine.findLast((v) => v.effective_date <= today);
    const next = mine.findLast((v) => v.effective_date > today);
    const current = await currentIssue(db, r.id, ctx.now);
    games.push({
      id: r.id,
      code: r.code,
      name: localize(r.name, lang),
      family: r.family,
      enabled: r.enabled,
      cycle_seconds: inForce?.cycle_seconds ?? r.cycle_seconds ?? 0,
      seal_seconds: inForce?.seal_seconds ?? r.seal_seconds ?? 0,
      daily_at: r.daily_at,
      next_schedule: next
        ? { effective_date: next.effective_date, cycle_seconds: next.cycle_seconds, seal_seconds: next.seal_seconds }
        : null,
      current_issue: current?.issue ?? null,
      period_max_per_player: r.period_max_per_player,
      cancel_enabled: r.cancel_enabled,
    });
  }
  return {
    games,
    period_max_per_player: periodMaxOf(periodMax?.value),
    cycle_override_seconds: ctx.cycleOverrideSeconds ?? null,
  };
}
