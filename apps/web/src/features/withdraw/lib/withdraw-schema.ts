import { z } from 'zod';
import {
  FUND_PASSWORD_RE,
  withdrawSubmitRequest,
  type WalletData,
  type WithdrawSubmitRequest,
} from '@fairdraw/contract';
import { issue, readAmount } from '../../../lib/forms.ts';
import { withdrawalFee } from '../../../lib/money.ts';

/** Step one, what the player types: the amount. The payout method is chosen beside it (context). */
export type AmountValues = { amount: string; payout_id?: number };
export type AmountContext = { wallet: WalletData; payoutId: number | undefined };

/**
 * Amount text → the request without its password, checked as the server does: a payout method, the amount within
 * the withdrawal limits, and amount + fee within what is available.
 */
export const amountSchema = ({ wallet, payoutId }: AmountContext) =>
  z
    .object({ amount: z.string(), payout_id: z.number().optional() })
    .transform((v, ctx): WithdrawSubmitRequest => {
      if (payoutId === undefined) return (issue(ctx, 'PAYOUT_METHOD_REQUIRED', 'payout_id'), z.NEVER);
      const limits = { min: wallet.withdraw_min, max: wallet.withdraw_max };
      const amount = readAmount(ctx, v.amount, wallet.exponent, limits);
      if (amount === null) return z.NEVER;
      if (amount + withdrawalFee(amount, wallet.fee) > wallet.available) {
        return (issue(ctx, 'INSUFFICIENT_BALANCE', 'amount'), z.NEVER);
      }
      return { amount, payout_id: payoutId };
    })
    .pipe(withdrawSubmitRequest);

/** Step two, in the confirm dialog: the six-digit fund password. */
export type ConfirmValues = { fund_password: string };

/** The fund password → the whole request (`asking` is step one's body). */
export const confirmSchema = (asking: WithdrawSubmitRequest) =>
  z
    .object({ fund_password: z.string() })
    .transform((v, ctx): WithdrawSubmitRequest => {
      if (!FUND_PASSWORD_RE.test(v.fund_password)) {
        return (issue(ctx, 'FUND_PASSWORD_FORMAT', 'fund_password'), z.NEVER);
      }
      return { ...asking, fund_password: v.fund_password };
    })
    .pipe(withdrawSubmitRequest);
