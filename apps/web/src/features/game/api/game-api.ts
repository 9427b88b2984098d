import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  API,
  type BetRequest,
  type BetSlip,
  type CurrentGame,
  type GameCategory,
  type HistoryItem,
  type Lang,
  type PlayGroup,
  type VerifyRecord,
} from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { pagedQuery } from '../../../lib/paged.ts';
import { serverClock } from '../lib/server-clock.ts';

/** The plays of a game by group, names in the current language. */
export const playItemsQuery = (gameId: number, lang: Lang) =>
  queryOptions({
    queryKey: ['play-items', gameId, lang],
    queryFn: () => apiRequest<PlayGroup[]>(API.playItems, { query: { group_id: gameId } }),
    staleTime: 60_000,
    enabled: gameId > 0,
  });
export const usePlayItems = (gameId: number, lang: Lang) => useQuery(playItemsQuery(gameId, lang));

/** The current period and the last draw. The events stream stores its `period` / `next` data under the same key. */
export const currentGameKey = (gameId: number) => ['current-game', gameId] as const;
export const currentGameQuery = (gameId: number) =>
  queryOptions({
    queryKey: currentGameKey(gameId),
    queryFn: async (): Promise<CurrentGame> => {
      const g = await apiRequest<CurrentGame>(API.currentGame, { method: 'POST', query: { games_id: gameId } });
      serverClock.observe(g.server_time);
      return g;
    },
    enabled: gameId > 0,
  });
export const useCurrentGame = (gameId: number) => useQuery(currentGameQuery(gameId));

export const historyKey = (gameId: number) => ['game-history', gameId] as const;
export const useHistory = (gameId: number, limit?: number) =>
  useInfiniteQuery({
    ...pagedQuery<HistoryItem>([...historyKey(gameId), limit ?? 'all'], API.history, { games_id: gameId }),
    enabled: gameId > 0,
  });

export const verifyDraw = (gameId: number, issue: string) =>
  apiRequest<VerifyRecord>(API.verify, { query: { games_id: gameId, issue } });

export const placeBet = (body: BetRequest, key: string) =>
  apiRequest<BetSlip>(API.bet, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });

export type BetListStatus = 'unsettled' | 'settled';
export const useBetList = (status: BetListStatus, token: string, gameId?: number) =>
  useInfiniteQuery({
    ...pagedQuery<BetSlip>(['bets', token, status, gameId ?? 0], API.betList, { status, games_id: gameId }),
    enabled: !!token,
  });

export const useCategories = (lang: Lang) =>
  useQuery({
    queryKey: ['game-categories', lang],
    queryFn: () => apiRequest<GameCategory[]>(API.category),
    staleTime: 60_000,
  });
