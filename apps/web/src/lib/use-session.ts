import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@fairdraw/contract';
import { getUserInfo, subscribeSession } from './storage.ts';

/** The stored user (logged in means userInfo with a token), re-rendering on login and logout. */
export function useSession(): UserInfo | null {
  return useSyncExternalStore(subscribeSession, getUserInfo, () => null);
}
