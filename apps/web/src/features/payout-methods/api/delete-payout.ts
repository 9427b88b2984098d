import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYOUTS_KEY } from '../../../lib/server-state/keys.ts';

export const deletePayout = (id: number) => apiRequest<unknown>(API.payoutDelete, { method: 'POST', body: { id } });

export function useDeletePayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePayout,
    onSuccess: () => void qc.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}
