import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type Chase } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

/** The player's chases, newest first, page by page; refreshed with the slips (query key under 'bets'). */
export const useChases = (token: string) =>
  useInfiniteQuery({
    ...pagedQuery<Chase>(['bets', token, 'chases'], API.chaseList, {}),
    enabled: !!token,
  });
