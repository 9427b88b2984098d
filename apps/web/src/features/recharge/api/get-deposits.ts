import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type Deposit, type Lang, type RechargeRange } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export const depositsQuery = (range: RechargeRange, lang: Lang) =>
  pagedQuery<Deposit>(['deposits', range, lang], API.rechargeList, { range });

export const useDeposits = (range: RechargeRange, lang: Lang, enabled: boolean) =>
  useInfiniteQuery({ ...depositsQuery(range, lang), enabled });
