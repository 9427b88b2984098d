import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Profile } from '@fairdraw/contract';
import { apiRequest } from '../api-client.ts';
import { getUserInfo, setUserInfo } from '../storage.ts';
import { PROFILE_KEY } from './keys.ts';

/**
 * The server's view of the logged-in user. Asking for it also checks the stored token: a revoked or expired one
 * answers code 401, which clears the login state and goes to /login (api-client). Nickname and avatar changes made
 * elsewhere are copied into the stored userInfo.
 */
export async function getProfile(): Promise<Profile> {
  const profile = await apiRequest<Profile>(API.profile);
  const stored = getUserInfo();
  if (stored && (stored.nickname !== profile.nickname || stored.avatar !== profile.avatar)) {
    setUserInfo({ ...stored, nickname: profile.nickname, avatar: profile.avatar });
  }
  return profile;
}

export const profileQuery = (token: string) =>
  queryOptions({ queryKey: [...PROFILE_KEY, token], queryFn: getProfile, staleTime: 60_000, retry: false });

export const useProfile = (token: string | undefined) => useQuery({ ...profileQuery(token ?? ''), enabled: !!token });
