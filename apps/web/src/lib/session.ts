import { API, type LoginAnswer, type LoginTwoFactorRequest, type Session } from '@fairdraw/contract';
import { apiRequest } from './api-client.ts';
import { setUserInfo } from './storage.ts';

export type LoginBody = { account: string; password: string };
export type RegisterBody = {
  account: string;
  password: string;
  confirm_password: string;
  nickname?: string;
  adult: true;
};

/** Every way in ends the same: the response's userInfo is stored under 'userInfo'. */
async function start(call: Promise<Session>): Promise<Session> {
  const session = await call;
  setUserInfo(session.userInfo);
  return session;
}

/**
 * The password. With two-step verification on, the answer is a challenge (no session yet): the code then goes to
 * `loginSecondStep`.
 */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const answer = await apiRequest<LoginAnswer>(API.login, { method: 'POST', body });
  if ('two_factor_required' in answer) return answer;
  return start(Promise.resolve(answer));
}
/** The second step: the login's challenge and a code from the app, or a recovery code. */
export const loginSecondStep = (body: LoginTwoFactorRequest) =>
  start(apiRequest<Session>(API.loginTwoFactor, { method: 'POST', body }));
export const register = (body: RegisterBody) => start(apiRequest<Session>(API.register, { method: 'POST', body }));
export const startGuest = () => start(apiRequest<Session>(API.guest, { method: 'POST', body: {} }));
