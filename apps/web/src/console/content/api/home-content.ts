import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type AdminBanner,
  type AdminHomeContent,
  type BannerSaveRequest,
  type NoticeSaveRequest,
} from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const KEY = ['admin', 'home'];

/** Every banner (live or not) and the notice in every language. */
export const useAdminHome = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiRequest<AdminHomeContent>(API.adminHome) });

/** After a change: the console's view and the player's Home (this browser) are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: KEY });
    void qc.invalidateQueries({ queryKey: ['home'] });
  };
}

export function useSaveBanner() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BannerSaveRequest) => apiRequest<AdminBanner>(API.adminHomeBannerSave, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useDeleteBanner() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number }>(API.adminHomeBannerDelete, { method: 'POST', body: { id } }),
    onSettled: refresh,
  });
}

export function useSaveNotice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NoticeSaveRequest) => apiRequest<unknown>(API.adminHomeNotice, { method: 'POST', body }),
    onSettled: refresh,
  });
}
