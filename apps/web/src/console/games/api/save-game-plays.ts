import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminPlays, type AdminPlaysSaveRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { gamePlaysQuery } from './get-game-plays.ts';

/** Saves odds and stakes of plays (from the next period that has not opened); the answer replaces the list. */
export function useSaveGamePlays() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPlaysSaveRequest) => apiRequest<AdminPlays>(API.adminGamesPlays, { method: 'POST', body }),
    onSuccess: (saved) => qc.setQueryData(gamePlaysQuery(saved.games_id).queryKey, saved),
  });
}
