import { useSyncExternalStore } from 'react';

/**
 * The state of the player's member stream (lib/member-events.ts), for the queries that would otherwise poll:
 * 'live' while the stream is open or coming back after a drop (it reads everything again once back), 'refused'
 * while the server refuses it (a cap reached, streaming off): only then do they poll, slowly.
 */
export type MemberStreamState = 'off' | 'live' | 'refused';

let state: MemberStreamState = 'off';
const listeners = new Set<() => void>();

export function setMemberStreamState(next: MemberStreamState): void {
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

export const memberStreamState = (): MemberStreamState => state;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useMemberStreamState = (): MemberStreamState => useSyncExternalStore(subscribe, memberStreamState);

/** How often a conversation and the unread count are read again while the stream is refused. */
export const REFUSED_POLL_MS = 30_000;

/** A refetchInterval: no poll while the stream is live, a slow one while it is refused. */
export const pollWhenRefused = (): number | false => (state === 'refused' ? REFUSED_POLL_MS : false);
