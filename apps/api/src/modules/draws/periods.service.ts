import { FD1, seedToHex, verifyDraw, zodiacOf, ZodiacError } from '@fairdraw/domain';
import type { GameFamily, Zodiac } from '@fairdraw/domain';
import type { CurrentGame, HistoryItem, Paged, VerifyRecord } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGame } from './draws.repository.ts';
import * as repo from './periods.repository.ts';
import { parseIssue } from './schedule.ts';

/** Public reads of periods. A seed is only ever returned for a period that has a result (docs/trust.md 13). */
async function gameOr404(db: Db, gameId: number, field = 'games_id') {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('NOT_FOUND', { field });
  return game;
}

const hex = (seed: Uint8Array) => seedToHex(Uint8Array.from(seed));

/** The period being bet on at `now` (the first whose draw is still ahead, whatever its status): issue and open time.
 * Other modules (the console's Games screen) read it here. */
export const currentIssue = repo.nextIssue;

/**
 * Mark Six: each drawn number's animal as of the period's draw date (its issue's date), so players read the zodiac
 * the period settles with. Other families, and dates outside the domain's Chinese New Year table, get none.
 */
export function resultZodiac(family: string, issue: string, result: readonly number[]): { zodiac?: Zodiac[] } {
  if (family !== 'marksix') return {};
  const date = parseIssue(issue)?.date;
  if (!date) return {};
  try {
    return { zodiac: result.map((n) => zodiacOf(n, date)) };
  } catch (err) {
    if (err instanceof ZodiacError) return {};
    throw err;
  }
}

/** POST /api/game/current_game: the period whose draw is next, and the last drawn one (seed revealed). */
export async function currentGame(db: Db, gameId: number, now: Date): Promise<CurrentGame> {
  const game = await gameOr404(db, gameId);
  // Never select the seed of the current period: it is secret until drawn.
  const current = await repo.nextPeriod(db, gameId, now);
  const last = await repo.lastDrawnPeriod(db, gameId);
  return {
    games_id: game.id,
    code: game.code,
    issue: current?.issue ?? null,
    status: current?.status ?? null,
    open_at: current ? current.open_at.getTime() : null,
    seal_at: current ? current.seal_at.getTime() : null,
    draw_at: current ? current.draw_at.getTime() : null,
    server_time: now.getTime(),
    commitment: current?.commitment ?? null,
    algorithm: current?.algorithm ?? FD1,
    last: last?.result
      ? {
          issue: last.issue,
          result: last.result,
          ...resultZodiac(game.family, last.issue, last.result),
          seed: hex(last.seed),
          commitment: last.commitment,
        }
      : null,
  };
}

/** GET /api/game/history: drawn periods, newest first. Only periods with a result are listed (seed revealed). */
export async function history(db: Db, gameId: number, page: number, limit: number): Promise<Paged<HistoryItem>> {
  const game = await gameOr404(db, gameId);
  const rows = await repo.drawnPeriodsPage(db, gameId, page, limit);
  const list = rows.slice(0, limit).map((r) => ({
    issue: r.issue,
    result: r.result ?? [],
    ...resultZodiac(game.family, r.issue, r.result ?? []),
    seed: hex(r.seed),
    commitment: r.commitment,
    algorithm: r.algorithm,
    beacon: r.beacon_value,
    draw_at: r.draw_at.getTime(),
  }));
  return { list, page, limit, has_more: rows.length > limit };
}

export type PeriodRecord = {
  gameCode: string;
  family: GameFamily;
  issue: string;
  algorithm: string;
  commitment: string;
  /** Null while secret. */
  seed: Uint8Array | null;
  beacon: string | null;
  result: readonly number[] | null;
};

/** Whether a published record holds: fd1, SHA-256(seed) = commitment, and the recomputed result equals the stored one. */
export function verifyPeriodRecord(r: PeriodRecord): boolean {
  if (r.algorithm !== FD1 || r.seed === null || r.result === null) return false;
  try {
    return verifyDraw({
      family: r.family,
      gameCode: r.gameCode,
      issue: r.issue,
      seed: r.seed,
      beacon: r.beacon ?? '',
      commitment: r.commitment,
      result: r.result,
    });
  } catch {
    return false;
  }
}

/** GET /api/game/verify: one period's public record and whether it verifies. */
export async function verifyPeriod(db: Db, gameId: number, issue: string): Promise<VerifyRecord> {
  const game = await gameOr404(db, gameId);
  const p = await repo.periodByIssue(db, gameId, issue);
  if (!p) throw new AppError('NOT_FOUND', { field: 'issue' });
  const revealed = p.result !== null;
  const seed = revealed ? Uint8Array.from(p.seed) : null;
  return {
    games_id: game.id,
    code: game.code,
    family: game.family,
    issue: p.issue,
    status: p.status,
    algorithm: p.algorithm,
    commitment: p.commitment,
    seed: seed ? hex(seed) : null,
    beacon_name: p.beacon_name,
    beacon: p.beacon_value,
    result: p.result,
    open_at: p.open_at.getTime(),
    seal_at: p.seal_at.getTime(),
    draw_at: p.draw_at.getTime(),
    drawn_at: p.drawn_at ? p.drawn_at.getTime() : null,
    void_reason: p.void_reason,
    verified: verifyPeriodRecord({
      gameCode: game.code,
      family: game.family as GameFamily,
      issue: p.issue,
      algorithm: p.algorithm,
      commitment: p.commitment,
      seed,
      beacon: p.beacon_value,
      result: p.result,
    }),
  };
}
