/**
 * GET /api/game/trend and GET /api/game/long_dragon (README "Trends"). Both are computed by the domain from the
 * published results in the database and kept in memory per instance, keyed by the latest drawn period: a request
 * reads that key (one indexed row per game) and recomputes only when a new draw has landed. Every instance reads the
 * same rows, so every instance answers the same, and no answer depends on who asks or in which language.
 */
import { findGame as findDomainGame, longDragons, numberTrend, roads } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import { TREND_LIMIT_MAX } from '@fairdraw/contract';
import type { LongDragonItem, Trend } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGame } from './draws.repository.ts';
import * as repo from './trend.repository.ts';

type Results = { latestId: number | null; rows: { issue: string; result: number[] }[] };
type GameEntry = Results & { byLimit: Map<number, Trend> };

/** Each call reads through the `db` it is given: the primary, or the read replica (trends may lag). */
export type TrendService = {
  trend(db: Db, gameId: number, limit: number): Promise<Trend>;
  longDragon(db: Db): Promise<LongDragonItem[]>;
};

/**
 * One cache per app: the results of each game (the latest TREND_LIMIT_MAX), and the long dragon's list. Each entry is
 * keyed by the latest drawn period it was read with, from whichever server: a server behind reads its own again.
 */
export function trendService(): TrendService {
  const games = new Map<number, GameEntry>();
  let dragons: { key: string; list: LongDragonItem[] } | null = null;

  /** The game's latest results, read again only when its latest drawn period is not the cached one. */
  async function results(db: Db, gameId: number, latestId: number | null): Promise<GameEntry> {
    const cached = games.get(gameId);
    if (cached && cached.latestId === latestId) return cached;
    const rows = latestId === null ? [] : await repo.recentResults(db, gameId, TREND_LIMIT_MAX);
    // A draw landing between the two reads: key the entry by what was read, so the next request reads again.
    const entry: GameEntry = { latestId: rows[0]?.id ?? null, rows, byLimit: new Map() };
    games.set(gameId, entry);
    return entry;
  }

  return {
    async trend(db, gameId, limit) {
      const game = await findGame(db, gameId);
      if (!game) throw new AppError('NOT_FOUND', { field: 'games_id' });
      const latest = await repo.latestDrawn(db, gameId);
      const entry = await results(db, gameId, latest?.id ?? null);
      const hit = entry.byLimit.get(limit);
      if (hit) return hit;
      const family = game.family as GameFamily;
      const newestFirst = entry.rows.slice(0, limit).map((r) => r.result);
      const answer: Trend = {
        games_id: game.id,
        code: game.code,
        family: game.family,
        limit,
        periods: newestFirst.length,
        latest_issue: entry.rows[0]?.issue ?? null,
        positions: numberTrend(family, newestFirst),
        roads: roads(family, newestFirst),
      };
      entry.byLimit.set(limit, answer);
      return answer;
    },

    async longDragon(db) {
      const enabled = await repo.enabledGames(db);
      const latest = await repo.latestDrawnOfGames(
        db,
        enabled.map((g) => g.id),
      );
      const latestOf = new Map(latest.map((l) => [l.game_id, l.id]));
      const key = enabled.map((g) => `${g.id}:${latestOf.get(g.id) ?? '-'}`).join(',');
      if (dragons && dragons.key === key) return dragons.list;
      const input = [];
      for (const g of enabled) {
        const entry = await results(db, g.id, latestOf.get(g.id) ?? null);
        const last = entry.rows[0];
        if (!last) continue;
        input.push({
          game: { games_id: g.id, code: g.code, family: g.family, issue: last.issue },
          family: g.family as GameFamily,
          newestFirst: entry.rows.map((r) => r.result),
        });
      }
      const list = longDragons(input).map(({ game, ...d }) => ({
        ...game,
        route: findDomainGame(game.code)?.route ?? null,
        ...d,
      }));
      dragons = { key, list };
      return list;
    },
  };
}
