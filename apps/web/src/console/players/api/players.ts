import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type AdminPlayer,
  type AdminPlayerDetail,
  type AdminPlayerFreezeRequest,
  type AdminPlayerRemoveTwoFactorAnswer,
  type AdminPlayerRemoveTwoFactorRequest,
  type AdminPlayerResetAnswer,
  type Paged,
} from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';

/** The console's Players screen: search, one player's detail and records, freeze, unfreeze, password reset. */

export const PLAYERS_PAGE_SIZE = 20;

/** One page (1-based) of the players matching `q`, the previous page kept on screen while the next one loads. */
export const usePlayerSearch = (q: string, page: number) =>
  useQuery({
    queryKey: ['admin', 'players', 'search', q, page],
    queryFn: () =>
      apiRequest<Paged<AdminPlayer>>(API.adminPlayersSearch, { query: { q, page, limit: PLAYERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const usePlayerDetail = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'players', 'detail', id],
    queryFn: () => apiRequest<AdminPlayerDetail>(API.adminPlayersDetail, { query: { id: id ?? 0 } }),
    enabled: id !== null,
  });

export const PLAYER_RECORDS = {
  ledger: API.adminPlayersLedger,
  bets: API.adminPlayersBets,
  deposits: API.adminPlayersDeposits,
  withdrawals: API.adminPlayersWithdrawals,
  messages: API.adminPlayersMessages,
} as const;
export type PlayerRecordKind = keyof typeof PLAYER_RECORDS;

export const usePlayerRecords = <T>(kind: PlayerRecordKind, id: number) =>
  useInfiniteQuery(pagedQuery<T>(['admin', 'players', kind, id], PLAYER_RECORDS[kind], { id }));

/** Freeze or unfreeze with a reason; the search and the detail are read again. */
export function useFreezePlayer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ freeze, body }: { freeze: boolean; body: AdminPlayerFreezeRequest }) =>
      apiRequest<AdminPlayer>(freeze ? API.adminPlayersFreeze : API.adminPlayersUnfreeze, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
}

/** The answer carries the temporary password: shown once, kept nowhere (no cache entry holds it). */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<AdminPlayerResetAnswer>(API.adminPlayersResetPassword, { method: 'POST', body: { id } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
}

/** Remove the player's two-step verification (lost phone and codes), with a reason; the detail is read again. */
export function useRemoveTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPlayerRemoveTwoFactorRequest) =>
      apiRequest<AdminPlayerRemoveTwoFactorAnswer>(API.adminPlayersRemoveTwoFactor, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
}
