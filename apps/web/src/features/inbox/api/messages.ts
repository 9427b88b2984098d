import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Lang, type MessageItem, type InboxReadRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/paged.ts';
import { INBOX_KEY, UNREAD_KEY } from '../../../lib/server-state/keys.ts';

/** The inbox, newest first, worded in `lang` (the server words system messages in the request's language). */
export const useMessages = (token: string, lang: Lang) =>
  useInfiniteQuery({ ...pagedQuery<MessageItem>([...INBOX_KEY, token, lang], API.msgList, {}), enabled: !!token });

/** One message; opening it marks it read, so the list and the badge are refreshed once it is here. */
export function useMessage(token: string, id: string, lang: Lang) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['msg-detail', token, id, lang],
    queryFn: async () => {
      const m = await apiRequest<MessageItem>(API.msgDetail, { query: { id } });
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
      void client.invalidateQueries({ queryKey: INBOX_KEY });
      return m;
    },
    enabled: !!token && id !== '',
    retry: false,
  });
}

/** Marks all (or one) read, then refreshes the list and the badge. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxReadRequest) => apiRequest<{ unread: number }>(API.msgRead, { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: UNREAD_KEY }),
        client.invalidateQueries({ queryKey: INBOX_KEY }),
      ]);
    },
  });
}
