import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AdminPromotion, type Paged, type PromotionSaveRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const KEY = ['admin', 'promotions'];

/** Every promotion, live or not, one page at a time (latest end first). */
export const useAdminPromotions = (page: number) =>
  useQuery({
    queryKey: [...KEY, page],
    queryFn: () => apiRequest<Paged<AdminPromotion>>(API.adminActivityList, { query: { page, limit: 20 } }),
  });

/** Creates (no id) or changes a promotion. */
export function useSavePromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionSaveRequest) =>
      apiRequest<AdminPromotion>(API.adminActivitySave, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeletePromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number }>(API.adminActivityDelete, { method: 'POST', body: { id } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
