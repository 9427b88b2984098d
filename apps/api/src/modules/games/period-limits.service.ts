/** The most a player may stake on one period: site-wide and per game, at once, refused when changed meanwhile. */
import type { AdminGameLimitRequest, AdminGameLimitsRequest, AdminGames, Lang } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './games-admin.repository.ts';
import { listGames, PERIOD_MAX_KEY, periodMaxOf } from './games-list.service.ts';
import type { GamesAdminContext } from './games-list.service.ts';

/**
 * POST /api/admin/games/limits: the most a player may stake on one period, every game, at once; refused when the
 * value is no longer the one the operator saw (`previous`).
 */
export async function saveLimits(
  db: Db,
  actor: AuditActor,
  input: AdminGameLimitsRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  await db.transaction().execute(async (trx) => {
    const before = periodMaxOf(await repo.lockSetting(trx, PERIOD_MAX_KEY));
    if (before !== input.previous) throw new AppError('SETTINGS_CHANGED', { field: 'period_max_per_player' });
    if (before === input.period_max_per_player) return;
    await repo.saveSetting(trx, PERIOD_MAX_KEY, input.period_max_per_player);
    await writeAudit(
      trx,
      actor,
      'games.limits',
      `settings:${PERIOD_MAX_KEY}`,
      { period_max_per_player: before },
      {
        period_max_per_player: input.period_max_per_player,
      },
    );
  });
  return listGames(db, lang, ctx);
}

/**
 * POST /api/admin/games/game-limit: one game's own per-period limit (null clears it: only the site-wide one applies),
 * at once; refused when the game's value is no longer the one the operator saw (`previous`). The game's row is locked
 * for the change, so two saves of it are serialised and the second sees the first's value.
 */
export async function saveGameLimit(
  db: Db,
  actor: AuditActor,
  input: AdminGameLimitRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  await db.transaction().execute(async (trx) => {
    const game = await repo.lockGame(trx, input.games_id);
    if (!game) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
    const before = game.period_max_per_player;
    if (before !== input.previous) throw new AppError('SETTINGS_CHANGED', { field: 'period_max_per_player' });
    if (before === input.period_max_per_player) return;
    await repo.setGamePeriodMax(trx, game.id, input.period_max_per_player);
    await writeAudit(
      trx,
      actor,
      'games.game_limit',
      `game:${game.id}`,
      { period_max_per_player: before },
      { period_max_per_player: input.period_max_per_player },
    );
  });
  return listGames(db, lang, ctx);
}
