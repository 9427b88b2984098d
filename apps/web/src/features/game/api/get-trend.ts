import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type Trend } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A game's trend over its last `limit` draws. Keyed by the game's last drawn issue (current_game `last`, kept fresh
 * by the events stream), so a new draw reads it again; the previous trend stays on screen meanwhile.
 */
export const getTrend = (gameId: number, limit: number) =>
  apiRequest<Trend>(API.trend, { query: { games_id: gameId, limit } });

export const useTrend = (gameId: number, limit: number, lastIssue: string | null) =>
  useQuery({
    queryKey: ['game-trend', gameId, limit, lastIssue],
    queryFn: () => getTrend(gameId, limit),
    enabled: gameId > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
