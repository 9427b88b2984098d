import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type BetSlip } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export type BetListStatus = 'unsettled' | 'settled';

/** The player's bet slips, open or settled, optionally of one game, page by page. */
export const useBetList = (status: BetListStatus, token: string, gameId?: number) =>
  useInfiniteQuery({
    ...pagedQuery<BetSlip>(['bets', token, status, gameId ?? 0], API.betList, { status, games_id: gameId }),
    enabled: !!token,
  });
