/**
 * What checking a bet slip reads on every request — the game, its enabled plays and the open period — kept for a
 * second (CATALOG_TTL_MS) so that placing a bet costs no query before its batch is committed. None of it can make a
 * bet wrong: a game's enabling is seen within the TTL, and the period's window is checked again under the period's
 * lock when the slip is committed (slip-batch.ts). A period is kept only while it is open; any other answer is read
 * fresh each time. The plays are kept per period and read only once the period is seen open: the settings in force
 * at its open time (draws playsInForce) cannot change after it opened, because an operator's change is saved with
 * the open time of a period still scheduled, holding it (modules/games README) — so every bet of a period gets the
 * same odds, whenever it is placed and on whichever instance.
 *
 * The TTL runs on the app's clock (`clock`, app.clock()), like everything else in the API: a test that moves the
 * clock past the TTL sees the catalogue read afresh, without waiting on the wall clock.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import { playsInForce } from '../draws/play-items.service.ts';
import * as repo from './bets.repository.ts';

export const CATALOG_TTL_MS = 1000;

export type CatalogGame = {
  id: number;
  code: string;
  family: string;
  name: unknown;
  enabled: boolean;
  cancel_enabled: boolean;
};
export type CatalogPlay = {
  id: number;
  code: string;
  group_code: string;
  odds_bps: number;
  min_stake: number;
  max_stake: number;
};
export type CatalogPeriod = {
  id: number;
  issue: string;
  status: string;
  open_at: Date;
  seal_at: Date;
  draw_at: Date;
};

export type BetCatalog = {
  game(id: number): Promise<CatalogGame | undefined>;
  /** The game's enabled plays by id, with the odds and stakes in force for the period (an open one). */
  plays(gameId: number, period: Pick<CatalogPeriod, 'id' | 'open_at'>): Promise<ReadonlyMap<number, CatalogPlay>>;
  period(gameId: number, issue: string): Promise<CatalogPeriod | undefined>;
  clear(): void;
};

export function createBetCatalog(db: Db, clock: () => Date, ttlMs = CATALOG_TTL_MS): BetCatalog {
  const perf = { now: () => clock().getTime() };
  const games = new LRUCache<number, { game: CatalogGame | undefined }>({
    max: 1000,
    ttl: ttlMs,
    perf,
    fetchMethod: async (id) => ({ game: await repo.findGameForBet(db, id) }),
  });
  const plays = new LRUCache<string, ReadonlyMap<number, CatalogPlay>, { gameId: number; openAt: Date }>({
    max: 1000,
    ttl: ttlMs,
    perf,
    fetchMethod: async (_key, _stale, { context }) => {
      const rows = await playsInForce(db, context.gameId, context.openAt);
      return new Map(rows.map((r) => [r.id, r]));
    },
  });
  const periods = new LRUCache<string, CatalogPeriod>({ max: 1000, ttl: ttlMs, perf });

  return {
    async game(id) {
      return (await games.fetch(id))?.game;
    },
    async plays(gameId, period) {
      const key = `${gameId}:${period.id}`;
      return (await plays.fetch(key, { context: { gameId, openAt: period.open_at } })) ?? new Map();
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
