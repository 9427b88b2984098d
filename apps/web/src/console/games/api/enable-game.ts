import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminGameEnableRequest, type AdminGames } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamesQuery } from './get-games.ts';

/** Enables or disables a game (at once). */
export function useEnableGame() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGameEnableRequest) =>
      apiRequest<AdminGames>(API.adminGamesEnable, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamesQuery().queryKey, saved),
  });
}
