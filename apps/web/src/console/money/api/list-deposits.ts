import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type AdminDeposit, type DepositStatus } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export const adminDepositsQuery = (status: DepositStatus, q: string) =>
  pagedQuery<AdminDeposit>(['admin', 'deposits', status, q], API.adminRechargeList, { status, q: q || undefined });

export const useAdminDeposits = (status: DepositStatus, q: string) => useInfiniteQuery(adminDepositsQuery(status, q));
