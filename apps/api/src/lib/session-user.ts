import type { Role } from '@fairdraw/contract';

/** Who a request's session is (plugins/auth.ts reads it with the session; routes hand it to services). */
export type SessionUser = {
  id: number;
  sessionId: number;
  account: string;
  nickname: string;
  avatar: string;
  role: Role;
  isGuest: boolean;
  createdAt: Date;
  /** Read with the session, so /api/user/index answers has_fund_password without another query. */
  hasFundPassword: boolean;
  /** Frozen by an operator (migration 0030): a fast refusal; the bet and deposit transactions check it again. */
  frozen?: boolean;
  /** An operator reset the password: until the player changes it, only PASSWORD_CHANGE_ALLOWED answers. */
  mustChangePassword?: boolean;
};
