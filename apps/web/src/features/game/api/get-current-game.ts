import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type CurrentGame } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { serverClock } from '../lib/server-clock.ts';

/** The current period and the last draw; the answer's server time sets the one server clock. */
export const getCurrentGame = async (gameId: number): Promise<CurrentGame> => {
  const g = await apiRequest<CurrentGame>(API.currentGame, { method: 'POST', query: { games_id: gameId } });
  serverClock.observe(g.server_time);
  return g;
};

/** The events stream stores its `period` / `next` data under the same key. */
export const currentGameKey = (gameId: number) => ['current-game', gameId] as const;

export const currentGameQuery = (gameId: number) =>
  queryOptions({
    queryKey: currentGameKey(gameId),
    queryFn: () => getCurrentGame(gameId),
    enabled: gameId > 0,
  });

export const useCurrentGame = (gameId: number) => useQuery(currentGameQuery(gameId));
