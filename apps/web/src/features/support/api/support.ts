import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type SupportConversation,
  type SupportDetail,
  type SupportOpenRequest,
  type SupportReplyRequest,
} from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pollWhenRefused, useMemberStreamState } from '../../../lib/member-stream.ts';
import { pagedQuery } from '../../../lib/paged.ts';
import { apiUpload } from '../../../lib/upload.ts';
import { SUPPORT_LIST_KEY, supportDetailKey } from '../../../lib/server-state/keys.ts';

export const supportListQuery = () => pagedQuery<SupportConversation>(SUPPORT_LIST_KEY, API.supportList, {});
export const useSupportList = () => useInfiniteQuery(supportListQuery());

export const supportDetailQuery = (id: number) =>
  queryOptions({
    queryKey: supportDetailKey(id),
    queryFn: () => apiRequest<SupportDetail>(API.supportDetail, { query: { id } }),
  });

/**
 * One conversation. An operator's reply is announced on the member stream (lib/member-events.tsx), which reads it
 * again; only while the server refuses the stream is an open conversation polled, slowly.
 */
export function useSupportDetail(id: number) {
  useMemberStreamState();
  return useQuery({
    ...supportDetailQuery(id),
    refetchInterval: (query) => (query.state.data?.status === 'closed' ? false : pollWhenRefused()),
  });
}

export const openConversation = (body: SupportOpenRequest) =>
  apiRequest<SupportDetail>(API.supportOpen, { method: 'POST', body });

/** A reply: JSON, or multipart when an image comes with it. */
export const replyToConversation = ({ image, ...body }: SupportReplyRequest & { image?: File | null }) => {
  if (!image) return apiRequest<SupportDetail>(API.supportReply, { method: 'POST', body });
  const form = new FormData();
  form.set('id', String(body.id));
  form.set('body', body.body);
  form.set('image', image);
  return apiUpload<SupportDetail>(API.supportReply, form);
};

/** Both answer the conversation as it now is: written straight into its query; the list is read again. */
function useWrite<B>(fn: (body: B) => Promise<SupportDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      qc.setQueryData(supportDetailQuery(detail.id).queryKey, detail);
      void qc.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
    },
  });
}
export const useOpenConversation = () => useWrite(openConversation);
export const useReplyToConversation = () => useWrite(replyToConversation);
