import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type Lang, type Withdrawal } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export const withdrawalsQuery = (lang: Lang) => pagedQuery<Withdrawal>(['withdrawals', lang], API.withdrawList, {});

export const useWithdrawals = (lang: Lang, enabled: boolean) =>
  useInfiniteQuery({ ...withdrawalsQuery(lang), enabled });
