import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type AdminDraw, type GameTile, type Paged, type PeriodStatus } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const DRAWS_PAGE_SIZE = 20;

/** The draws audit's server-side filters ('' = any). */
export type DrawsFilter = { game: string; status: PeriodStatus | ''; from: string; to: string };

/** One page of every game's periods, newest draw first; the previous page stays on screen while the next loads. */
export const useDraws = (filter: DrawsFilter, page: number) =>
  useQuery({
    queryKey: ['admin', 'draws', filter, page],
    queryFn: () =>
      apiRequest<Paged<AdminDraw>>(API.adminDrawsList, {
        query: {
          page,
          limit: DRAWS_PAGE_SIZE,
          games_id: filter.game || undefined,
          status: filter.status || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * The games (names in the current language), for the game filter. Its own key: `['admin', 'games']` is the Games
 * screen's list (get-games.ts), a different answer.
 */
export const useGameNames = () =>
  useQuery({
    queryKey: ['admin', 'draws', 'games'],
    queryFn: () => apiRequest<GameTile[]>(API.games),
    staleTime: 300_000,
  });
