import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminSupportDetail, type SupportReplyRequest, type SupportStatus } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';

/** The support queue: each conversation with its player and messages; read again every 10 s while on screen. */
export const useAdminSupport = (status: SupportStatus) =>
  useInfiniteQuery({
    ...pagedQuery<AdminSupportDetail>(['admin', 'support', status], API.adminSupportList, { status }),
    refetchInterval: 10_000,
  });

function useAct<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiRequest<AdminSupportDetail>(path, { method: 'POST', body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'support'] }),
  });
}
export const useAdminSupportReply = () => useAct<SupportReplyRequest>(API.adminSupportReply);
export const useAdminSupportClose = () => useAct<{ id: number }>(API.adminSupportClose);
