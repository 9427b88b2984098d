import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminGameLimitsRequest, type AdminGames } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamesQuery } from './get-games.ts';

/** Saves the per-period limit over the value the operator saw. */
export function useSaveGameLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGameLimitsRequest) =>
      apiRequest<AdminGames>(API.adminGamesLimits, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamesQuery().queryKey, saved),
  });
}
