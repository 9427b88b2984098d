import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type BetSlip, type BetStatus, type RechargeRange } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';
import { serverClock } from '../lib/server-clock.ts';

export type BetListStatus = 'unsettled' | 'settled';

/** The player's bet slips, open or settled, optionally of one game, page by page. */
export const useBetList = (status: BetListStatus, token: string, gameId?: number) =>
  useInfiniteQuery({
    ...pagedQuery<BetSlip>(['bets', token, status, gameId ?? 0], API.betList, { status, games_id: gameId }),
    enabled: !!token,
  });

/** The filters of the member bet records (/hyTou): each optional, none lists every slip. */
export type BetFilters = { gameId?: number | undefined; status?: BetStatus | undefined; range?: RechargeRange };

/**
 * The player's slips by game, status and day range (days of the business time zone, counted by the server). While a
 * slip on screen is still open after its draw time, the list is fetched again every few seconds until it settles
 * (the events stream's `settled` refreshes it sooner).
 */
export const useBetRecords = (filters: BetFilters, token: string) =>
  useInfiniteQuery({
    ...pagedQuery<BetSlip>(
      ['bets', token, 'records', filters.status ?? '', filters.gameId ?? 0, filters.range ?? ''],
      API.betList,
      { status: filters.status, games_id: filters.gameId, range: filters.range },
    ),
    enabled: !!token,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.list.some((s) => s.status === 'unsettled' && s.draw_at <= serverClock.now()),
      )
        ? AWAITING_SETTLEMENT_MS
        : false,
  });

/** How often a list holding a slip past its draw asks again. */
const AWAITING_SETTLEMENT_MS = 5000;
