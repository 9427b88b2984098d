/**
 * A game's plays in the console: their odds and stakes in force now and from the next period, and a save of new ones
 * as play_item_versions rows from the first period that has not opened (when each change applies: games-list.service.ts).
 */
import { localDate, markSixAllIn, playChances } from '@fairdraw/domain';
import type { GameFamily, Play, PlayChances } from '@fairdraw/domain';
import { rtpBelowOneHundred, rtpOfChances } from '@fairdraw/domain';
import type { AdminPlay, AdminPlays, AdminPlaysSaveRequest, Lang } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { ALL_IN_TEMPLATES, parseIssue } from '../draws/draws.service.ts';
import { currentIssue } from '../draws/periods.service.ts';
import { groupName, oddsEditable, playsInForce, resolvePlay, translatePlayText } from '../draws/play-items.service.ts';
import * as repo from './games-admin.repository.ts';
import type { GamesAdminContext } from './games-list.service.ts';

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
