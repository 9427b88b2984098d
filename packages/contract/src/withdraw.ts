import { z } from 'zod';
import { minorAmount, rowId } from './common.ts';
import { payoutMethod } from './payout-methods.ts';

/**
 * A withdrawal request. Lenient on purpose: the server checks in this order — fund password set, payout
 * method bound, amount, fund password correct, balance — so the first unmet rule is the message.
 */
export const withdrawSubmitRequest = z.object({
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  payout_id: rowId('PAYOUT_NOT_FOUND').optional(),
  fund_password: z.string().max(64).optional(),
});
export type WithdrawSubmitRequest = z.infer<typeof withdrawSubmitRequest>;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawal = z.object({
  id: z.number().int(),
  amount: minorAmount,
  fee: minorAmount,
  payout: payoutMethod,
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
