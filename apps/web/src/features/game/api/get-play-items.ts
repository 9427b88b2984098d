import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Lang, type PlayGroup } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The plays of a game by group, names in the current language. */
export const getPlayItems = (gameId: number) => apiRequest<PlayGroup[]>(API.playItems, { query: { group_id: gameId } });

export const playItemsQuery = (gameId: number, lang: Lang) =>
  queryOptions({
    queryKey: ['play-items', gameId, lang],
    queryFn: () => getPlayItems(gameId),
    staleTime: 60_000,
    enabled: gameId > 0,
  });

export const usePlayItems = (gameId: number, lang: Lang) => useQuery(playItemsQuery(gameId, lang));
