import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type InboxUnread } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { pollWhenRefused, useMemberStreamState } from '../member-stream.ts';
import { useSession } from '../use-session.ts';
import { UNREAD_KEY } from './keys.ts';

const unreadQuery = (token: string) =>
  queryOptions({
    queryKey: [...UNREAD_KEY, token],
    queryFn: () => apiRequest<InboxUnread>(API.msgUnread),
    // A message is announced on the member stream (lib/member-events.tsx); polled only while the stream is refused.
    refetchInterval: pollWhenRefused,
    staleTime: 15_000,
    retry: false,
  });

/**
 * How many of the player's messages are unread (the badge on the My tab and the My row); 0 for a visitor, a guest
 * and an operator, who have no inbox.
 */
export function useUnreadCount(): number {
  const user = useSession();
  const enabled = !!user && user.role === 'player' && !user.is_guest;
  // Re-rendered when the stream's state changes, so the poll starts or stops with it.
  useMemberStreamState();
  const q = useQuery({ ...unreadQuery(user?.token ?? ''), enabled });
  return enabled ? (q.data?.unread ?? 0) : 0;
}

/** The badge text: the count, or 99+. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
