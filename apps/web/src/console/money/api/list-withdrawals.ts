import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type AdminWithdrawal, type WithdrawalStatus } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export const adminWithdrawalsQuery = (status: WithdrawalStatus, q: string) =>
  pagedQuery<AdminWithdrawal>(['admin', 'withdrawals', status, q], API.adminWithdrawList, {
    status,
    q: q || undefined,
  });

export const useAdminWithdrawals = (status: WithdrawalStatus, q: string) =>
  useInfiniteQuery(adminWithdrawalsQuery(status, q));
