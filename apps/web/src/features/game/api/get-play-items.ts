import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Lang, type PlayGroup } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The plays of a game by group, names in the current language, with the odds and stakes of the period being bet on
 * (an operator's change applies from a later period): read again when the period changes (`issue`), the previous
 * list shown meanwhile.
 */
export const getPlayItems = (gameId: number) => apiRequest<PlayGroup[]>(API.playItems, { query: { group_id: gameId } });

export const playItemsQuery = (gameId: number, lang: Lang, issue: string | null = null) =>
  queryOptions({
    queryKey: ['play-items', gameId, lang, issue],
    queryFn: () => getPlayItems(gameId),
    staleTime: 60_000,
    enabled: gameId > 0,
    placeholderData: keepPreviousData,
  });

export const usePlayItems = (gameId: number, lang: Lang, issue: string | null = null) =>
  useQuery(playItemsQuery(gameId, lang, issue));
