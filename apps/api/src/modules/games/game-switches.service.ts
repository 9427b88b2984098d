/** A game's switches in the console: enabled, and whether players may cancel its slips before the seal; both at once. */
import type { AdminGameCancelRequest, AdminGameEnableRequest, AdminGames, Lang } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as repo from './games-admin.repository.ts';
import { listGames } from './games-list.service.ts';
import type { GamesAdminContext } from './games-list.service.ts';

/** POST /api/admin/games/enable: at once (a disabled game refuses bets and leaves the lobby). */
export function setEnabled(
  db: Db,
  actor: AuditActor,
  input: AdminGameEnableRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  return setSwitch(db, actor, input.games_id, 'enabled', input.enabled, lang, ctx);
}

/**
 * POST /api/admin/games/cancel: whether players may cancel the game's slips before the seal, at once (a cancel reads
 * the switch in its own transaction; the slip lists show the action from their next answer).
 */
export function setCancelEnabled(
  db: Db,
  actor: AuditActor,
  input: AdminGameCancelRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  return setSwitch(db, actor, input.games_id, 'cancel_enabled', input.cancel_enabled, lang, ctx);
}

/** Turns one of a game's switches on or off, under the game's lock, with its audit row (`games.enable`, `games.cancel`). */
async function setSwitch(
  db: Db,
  actor: AuditActor,
  gamesId: number,
  name: repo.GameSwitch,
  on: boolean,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminGames> {
  await db.transaction().execute(async (trx) => {
    const game = await repo.lockGame(trx, gamesId);
    if (!game) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
    if (game[name] === on) return;
    await repo.setGameSwitch(trx, game.id, name, on);
    const action = name === 'enabled' ? 'games.enable' : 'games.cancel';
    await writeAudit(trx, actor, action, `game:${game.id}`, { [name]: game[name] }, { [name]: on });
  });
  return listGames(db, lang, ctx);
}
