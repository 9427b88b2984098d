import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminGameCancelRequest, type AdminGames } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamesQuery } from './get-games.ts';

/** Lets players cancel a game's slips before the seal, or not (at once). */
export function useSetGameCancel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGameCancelRequest) =>
      apiRequest<AdminGames>(API.adminGamesCancel, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamesQuery().queryKey, saved),
  });
}
