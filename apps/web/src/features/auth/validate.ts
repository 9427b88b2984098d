import {
  ACCOUNT_RE,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  NICKNAME_MAX,
  REGISTER_PASSWORD_RE,
  type ErrorKey,
} from '@fairdraw/contract';

/** The first failing rule, as the contract's error key (texts in the 'errors' namespace) and the field to mark. */
export type FormIssue = { key: ErrorKey; field: string };

export function validateLogin(v: { account: string; password: string }): FormIssue | null {
  if (!v.account.trim()) return { key: 'REQUIRED_FIELDS', field: 'account' };
  if (!v.password) return { key: 'REQUIRED_FIELDS', field: 'password' };
  if (v.password.length < LOGIN_PASSWORD_MIN || v.password.length > LOGIN_PASSWORD_MAX) {
    return { key: 'LOGIN_PASSWORD_FORMAT', field: 'password' };
  }
  return null;
}

export type RegisterValues = { account: string; password: string; confirm: string; nickname: string; adult: boolean };

export function validateRegister(v: RegisterValues): FormIssue | null {
  if (!v.account.trim()) return { key: 'REQUIRED_FIELDS', field: 'account' };
  if (!v.password) return { key: 'REQUIRED_FIELDS', field: 'password' };
  if (!v.confirm) return { key: 'REQUIRED_FIELDS', field: 'confirm' };
  if (!ACCOUNT_RE.test(v.account.trim())) return { key: 'ACCOUNT_FORMAT', field: 'account' };
  if (!REGISTER_PASSWORD_RE.test(v.password)) return { key: 'PASSWORD_FORMAT', field: 'password' };
  if (v.password !== v.confirm) return { key: 'PASSWORDS_DO_NOT_MATCH', field: 'confirm' };
  if (v.nickname.trim().length > NICKNAME_MAX) return { key: 'NICKNAME_FORMAT', field: 'nickname' };
  if (!v.adult) return { key: 'ADULT_REQUIRED', field: 'adult' };
  return null;
}
