import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type AdminGames } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const gamesQuery = () =>
  queryOptions({ queryKey: ['admin', 'games'], queryFn: () => apiRequest<AdminGames>(API.adminGamesList) });

/** Every game with its schedule, and the per-period limit. */
export const useAdminGames = () => useQuery(gamesQuery());
