import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminGameLimitRequest, type AdminGames } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamesQuery } from './get-games.ts';

/** Saves one game's own per-period limit (null clears it) over the value the operator saw. */
export function useSaveGameLimit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGameLimitRequest) =>
      apiRequest<AdminGames>(API.adminGamesGameLimit, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamesQuery().queryKey, saved),
  });
}
