/** A cycle game's schedule in the console: from the first local day with no period created (games-list.service.ts). */
import { addDays, findGame as findDomainGame, localDate } from '@fairdraw/domain';
import type { AdminGames, AdminScheduleSaveRequest, Lang } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './games-admin.repository.ts';
import { listGames } from './games-list.service.ts';
import type { GamesAdminContext } from './games-list.service.ts';

type ScheduleVersion = { game_id: number; effective_date: string; cycle_seconds: number; seal_seconds: number };

/**
 * POST /api/admin/games/schedule: a cycle game's cycle and seal, from the first local day with no period created
 * (tomorrow at the earliest). Mark Six draws once a day at its time: SCHEDULE_INVALID.
 */
export async function saveSchedule(
  db: Db,
  actor: AuditActor,
  input: AdminScheduleSaveRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  if (input.seal_seconds >= input.cycle_seconds) throw new AppError('SCHEDULE_INVALID', { field: 'seal_seconds' });
  await db.transaction().execute(async (trx) => {
    const game = await repo.lockGame(trx, input.games_id);
    if (!game) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
    const def = findDomainGame(game.code);
    if (game.daily_at !== null || game.cycle_seconds === null || game.seal_seconds === null || def?.dailyAt) {
      throw new AppError('SCHEDULE_INVALID', { field: 'cycle_seconds' });
    }
    const zone = game.time_zone ?? ctx.timeZone;
    const versions: ScheduleVersion[] = (await repo.scheduleVersions(trx)).filter((v) => v.game_id === game.id);
    const tomorrow = addDays(localDate(ctx.now.getTime(), zone), 1);
    const lastDraw = await repo.lastCreatedDrawAt(trx, game.id);
    const afterCreated = lastDraw ? addDays(localDate(lastDraw.getTime(), zone), 1) : tomorrow;
    const from = afterCreated > tomorrow ? afterCreated : tomorrow;
    const inForce = versions.findLast((v) => v.effective_date <= from);
    const before = {
      cycle_seconds: inForce?.cycle_seconds ?? game.cycle_seconds,
      seal_seconds: inForce?.seal_seconds ?? game.seal_seconds,
    };
    await repo.insertScheduleVersion(trx, {
      game_id: game.id,
      effective_date: from,
      cycle_seconds: input.cycle_seconds,
      seal_seconds: input.seal_seconds,
      created_by: actor.userId,
      created_at: ctx.now,
    });
    await writeAudit(trx, actor, 'games.schedule', `game:${game.id}`, before, {
      cycle_seconds: input.cycle_seconds,
      seal_seconds: input.seal_seconds,
      effective_date: from,
    });
  });
  return listGames(db, lang, ctx);
}
