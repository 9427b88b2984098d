import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminGames, type AdminScheduleSaveRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamesQuery } from './get-games.ts';

/** Saves a cycle game's schedule (from the first day with no period created). */
export function useSaveGameSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminScheduleSaveRequest) =>
      apiRequest<AdminGames>(API.adminGamesSchedule, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamesQuery().queryKey, saved),
  });
}
