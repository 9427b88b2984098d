import { API, type Session } from '@fairdraw/contract';
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

export const login = (body: LoginBody) => start(apiRequest<Session>(API.login, { method: 'POST', body }));
export const register = (body: RegisterBody) => start(apiRequest<Session>(API.register, { method: 'POST', body }));
export const startGuest = () => start(apiRequest<Session>(API.guest, { method: 'POST', body: {} }));
