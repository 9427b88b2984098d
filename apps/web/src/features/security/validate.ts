import { FUND_PASSWORD_RE } from '@fairdraw/contract/values';

export type FundPasswordIssue = {
  key: 'REQUIRED_FIELDS' | 'FUND_PASSWORD_FORMAT' | 'PASSWORDS_DO_NOT_MATCH';
  field: string;
};

/** Client checks of the fund password forms, in the server's order. */
export function validateFundPassword(v: { old?: string; password: string; confirm: string }): FundPasswordIssue | null {
  if (v.old !== undefined && !v.old) return { key: 'REQUIRED_FIELDS', field: 'old_password' };
  if (!FUND_PASSWORD_RE.test(v.password)) return { key: 'FUND_PASSWORD_FORMAT', field: 'password' };
  if (v.password !== v.confirm) return { key: 'PASSWORDS_DO_NOT_MATCH', field: 'confirm_password' };
  return null;
}
