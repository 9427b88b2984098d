import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AdminSupportDetail, type SupportReplyRequest, type SupportStatus } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';
import { apiUpload } from '../../../lib/upload.ts';

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
/** An answer: JSON, or multipart when an image comes with it (the players' reply goes the same way). */
export function useAdminSupportReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ image, ...body }: SupportReplyRequest & { image?: File | null }) => {
      if (!image) return apiRequest<AdminSupportDetail>(API.adminSupportReply, { method: 'POST', body });
      const form = new FormData();
      form.set('id', String(body.id));
      form.set('body', body.body);
      form.set('image', image);
      return apiUpload<AdminSupportDetail>(API.adminSupportReply, form);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'support'] }),
  });
}
export const useAdminSupportClose = () => useAct<{ id: number }>(API.adminSupportClose);
