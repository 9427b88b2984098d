import { API } from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';
import { clearSession } from './storage.ts';
import { navigateTo } from './navigation.ts';
import { PATHS } from './paths.ts';

/** Log Out: revoke the token if the API is reachable, then clear storage (keeping lang) and go to /login. */
export async function logout(): Promise<void> {
  try {
    await apiRequest(API.logout, { method: 'POST' });
  } catch {
    // The local session ends regardless: an expired token or a network error must not keep the user logged in.
  }
  clearSession();
  navigateTo(PATHS.login);
}
