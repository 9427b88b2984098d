/**
 * The console's Games screen (modules/games/README.md): enable a game, a play's odds and stake limits, the per-period
 * limit, a game's schedule. Every save is one transaction with its audit row (before/after).
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
import { addDays, findGame as findDomainGame, localDate, markSixAllIn, playChances } from '@fairdraw/domain';
import type { GameFamily, Play, PlayChances } from '@fairdraw/domain';
import { rtpBelowOneHundred, rtpOfChances } from '@fairdraw/domain';
import type {
  AdminGame,
  AdminGameCancelRequest,
  AdminGameEnableRequest,
  AdminGameLimitRequest,
  AdminGameLimitsRequest,
  AdminGames,
  AdminPlay,
  AdminPlays,
  AdminPlaysSaveRequest,
  AdminScheduleSaveRequest,
  Lang,
} from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { ALL_IN_TEMPLATES, parseIssue } from '../draws/draws.service.ts';
import { currentIssue } from '../draws/periods.service.ts';
import { groupName, oddsEditable, playsInForce, resolvePlay, translatePlayText } from '../draws/play-items.service.ts';
import * as repo from './games-admin.repository.ts';

export type GamesAdminContext = { timeZone: string; now: Date; cycleOverrideSeconds?: number | undefined };

const PERIOD_MAX_KEY = 'bet_period_max_per_player';
const PERIOD_MAX_DEFAULT = 20_000_000;

function periodMaxOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : PERIOD_MAX_DEFAULT;
}

type ScheduleVersion = { game_id: number; effective_date: string; cycle_seconds: number; seal_seconds: number };

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

const chancesCache = new Map<string, PlayChances>();
/** The play's chances (domain enumeration; cached, it is pure). */
function chancesOf(play: Play, drawDate: string): PlayChances {
  const key = `${play.family}|${play.code}|${play.family === 'marksix' ? drawDate : ''}`;
  let c = chancesCache.get(key);
  if (!c) {
    c = playChances(play);
    chancesCache.set(key, c);
  }
  return c;
}

function drawDateOf(issue: string | undefined, now: Date, timeZone: string): string {
  const parsed = issue ? parseIssue(issue) : null;
  return parsed ? parsed.date : localDate(now.getTime(), timeZone);
}

/** The domain play a row stands for (Mark Six all-in rows: a sample choice of numbers, all choices are alike). */
function domainPlay(family: GameFamily, row: { code: string; group_code: string; odds_bps: number }, drawDate: string) {
  const allIn = family === 'marksix' ? ALL_IN_TEMPLATES.find((t) => t.code === row.code) : undefined;
  return resolvePlay(family, allIn ? { ...row, code: markSixAllIn(allIn.sample).code } : row, drawDate);
}

/** GET /api/admin/games/plays?games_id= */
export async function listPlays(db: Db, gameId: number, lang: Lang, ctx: GamesAdminContext): Promise<AdminPlays> {
  const game = await repo.findGame(db, gameId);
  if (!game) throw new AppError('NOT_FOUND', { field: 'games_id' });
  const family = game.family as GameFamily;
  const current = await currentIssue(db, gameId, ctx.now);
  const drawDate = drawDateOf(current?.issue, ctx.now, ctx.timeZone);
  const [now, next] = await Promise.all([
    playsInForce(db, gameId, current ? current.open_at : 'latest'),
    playsInForce(db, gameId, 'latest'),
  ]);
  const nowOf = new Map(now.map((p) => [p.id, p]));
  const plays: AdminPlay[] = [];
  for (const row of next) {
    const cur = nowOf.get(row.id) ?? row;
    const resolvedNext = domainPlay(family, row, drawDate);
    const resolvedNow = domainPlay(family, cur, drawDate);
    if (!resolvedNext || !resolvedNow) continue;
    const { play } = resolvedNext;
    const allIn = family === 'marksix' && ALL_IN_TEMPLATES.some((t) => t.code === row.code);
    const name = allIn
      ? translatePlayText(lang, play.nameKey, { numbers: '' }, row.code).trim()
      : translatePlayText(lang, play.nameKey, play.nameParams, play.name);
    const chances = chancesOf(play, drawDate);
    const nextFrom =
      row.effective_from && (!current || row.effective_from.getTime() > current.open_at.getTime())
        ? row.effective_from.getTime()
        : null;
    plays.push({
      id: row.id,
      code: row.code,
      name,
      group: row.group_code,
      group_name: groupName(lang, family, row.group_code),
      odds_editable: oddsEditable(family, row.group_code),
      current: { odds_bps: resolvedNow.odds, min_stake: cur.min_stake, max_stake: cur.max_stake },
      next: { odds_bps: resolvedNext.odds, min_stake: row.min_stake, max_stake: row.max_stake },
      next_from: nextFrom,
      chances: { win: Number(chances.win), push: Number(chances.push), total: Number(chances.total) },
    });
  }
  return { games_id: gameId, plays };
}

/**
 * When a change of the game's play settings starts: the open time of its first period not yet opened (held FOR
 * UPDATE by the caller's transaction), never at or before an opened period's; with no period created yet, any time
 * before the first (1970: every period the scheduler will create opens later).
 */
async function nextOpenTime(trx: Db, gameId: number): Promise<Date> {
  const scheduled = await repo.lockScheduledPeriods(trx, gameId);
  const opened = await repo.latestOpenedAt(trx, gameId);
  const afterOpened = opened ? opened.getTime() + 1 : 0;
  const first = scheduled[0]?.open_at.getTime();
  return new Date(first === undefined ? afterOpened : Math.max(first, afterOpened));
}

/** POST /api/admin/games/plays: new odds and stakes for some plays, from the next period that has not opened. */
export async function savePlays(
  db: Db,
  actor: AuditActor,
  input: AdminPlaysSaveRequest,
  lang: Lang,
  ctx: GamesAdminContext,
): Promise<AdminPlays> {
  const game = await repo.findGame(db, input.games_id);
  if (!game) throw new AppError('GAME_NOT_FOUND', { field: 'games_id' });
  const family = game.family as GameFamily;
  const current = await currentIssue(db, game.id, ctx.now);
  const drawDate = drawDateOf(current?.issue, ctx.now, ctx.timeZone);

  await db.transaction().execute(async (trx) => {
    const from = await nextOpenTime(trx, game.id);
    const latest = new Map((await playsInForce(trx, game.id, 'latest')).map((p) => [p.id, p]));
    const seen = new Set<number>();
    const before: unknown[] = [];
    const after: unknown[] = [];
    const rows: Parameters<typeof repo.insertPlayVersions>[1] = [];
    input.items.forEach((item, i) => {
      const row = latest.get(item.play_id);
      if (!row || seen.has(item.play_id)) throw new AppError('PLAY_NOT_FOUND', { field: `items.${i}.play_id` });
      seen.add(item.play_id);
      if (item.max_stake < item.min_stake) throw new AppError('AMOUNT_INVALID', { field: `items.${i}.max_stake` });
      if (!oddsEditable(family, row.group_code) && item.odds_bps !== row.odds_bps) {
        throw new AppError('ODDS_INVALID', { field: `items.${i}.odds_bps` });
      }
      const resolved = domainPlay(family, row, drawDate);
      if (!resolved) throw new AppError('PLAY_NOT_FOUND', { field: `items.${i}.play_id` });
      if (oddsEditable(family, row.group_code)) {
        const chances = chancesOf(resolved.play, drawDate);
        if (!rtpBelowOneHundred(chances, item.odds_bps)) {
          throw new AppError('RTP_TOO_HIGH', {
            field: `items.${i}.odds_bps`,
            params: { rtp: rtpOfChances(chances, item.odds_bps).percent.toFixed(2) },
          });
        }
      }
      if (item.odds_bps === row.odds_bps && item.min_stake === row.min_stake && item.max_stake === row.max_stake) {
        return;
      }
      before.push({
        play_id: row.id,
        code: row.code,
        odds_bps: row.odds_bps,
        min_stake: row.min_stake,
        max_stake: row.max_stake,
      });
      after.push({
        play_id: row.id,
        code: row.code,
        odds_bps: item.odds_bps,
        min_stake: item.min_stake,
        max_stake: item.max_stake,
      });
      rows.push({
        play_item_id: row.id,
        effective_from: from,
        odds_bps: item.odds_bps,
        min_stake: item.min_stake,
        max_stake: item.max_stake,
        created_by: actor.userId,
        created_at: ctx.now,
      });
    });
    if (rows.length === 0) return;
    await repo.insertPlayVersions(trx, rows);
    await writeAudit(
      trx,
      actor,
      'games.plays',
      `game:${game.id}`,
      { plays: before },
      {
        plays: after,
        effective_from: from.getTime(),
      },
    );
  });
  return listPlays(db, game.id, lang, ctx);
}

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
