/**
 * What checking a bet slip reads on every request — the game, its enabled plays and the open period — kept for a
 * second (CATALOG_TTL_MS) so that placing a bet costs no query before its batch is committed. None of it can make a
 * bet wrong: the games and plays are the seeded catalogue (an edit is seen within the TTL), and the period's
 * window is checked again under the period's lock when the slip is committed (slip-batch.ts). A period is kept
 * only while it is open; any other answer is read fresh each time.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import * as repo from './bets.repository.ts';

export const CATALOG_TTL_MS = 1000;

export type CatalogGame = { id: number; code: string; family: string; name: unknown; enabled: boolean };
export type CatalogPlay = {
  id: number;
  code: string;
  group_code: string;
  odds_bps: number;
  min_stake: number;
  max_stake: number;
};
export type CatalogPeriod = { id: number; issue: string; status: string; seal_at: Date; draw_at: Date };

export type BetCatalog = {
  game(id: number): Promise<CatalogGame | undefined>;
  /** The game's enabled plays by id. */
  plays(gameId: number): Promise<ReadonlyMap<number, CatalogPlay>>;
  period(gameId: number, issue: string): Promise<CatalogPeriod | undefined>;
  clear(): void;
};

export function createBetCatalog(db: Db, ttlMs = CATALOG_TTL_MS): BetCatalog {
  const games = new LRUCache<number, { game: CatalogGame | undefined }>({
    max: 1000,
    ttl: ttlMs,
    fetchMethod: async (id) => ({ game: await repo.findGameForBet(db, id) }),
  });
  const plays = new LRUCache<number, ReadonlyMap<number, CatalogPlay>>({
    max: 1000,
    ttl: ttlMs,
    fetchMethod: async (gameId) => {
      const rows = await repo.enabledPlaysForBet(db, gameId);
      return new Map(rows.map((r) => [r.id, r]));
    },
  });
  const periods = new LRUCache<string, CatalogPeriod>({ max: 1000, ttl: ttlMs });

  return {
    async game(id) {
      return (await games.fetch(id))?.game;
    },
    async plays(gameId) {
      return (await plays.fetch(gameId)) ?? new Map();
    },
    async period(gameId, issue) {
      const key = `${gameId}:${issue}`;
      const hit = periods.get(key);
      if (hit) return hit;
      const row = await repo.findPeriodForBet(db, gameId, issue);
      if (row?.status === 'open') periods.set(key, row);
      return row;
    },
    clear() {
      games.clear();
      plays.clear();
      periods.clear();
    },
  };
}
