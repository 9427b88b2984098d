import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type AdminPlays } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const gamePlaysQuery = (gameId: number) =>
  queryOptions({
    queryKey: ['admin', 'games', gameId, 'plays'],
    queryFn: () => apiRequest<AdminPlays>(API.adminGamesPlays, { query: { games_id: gameId } }),
  });

/** A game's plays: the settings in force now and from the next period, and each play's chances for the RTP. */
export const useGamePlays = (gameId: number) => useQuery(gamePlaysQuery(gameId));
