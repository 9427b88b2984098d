import { useQuery } from '@tanstack/react-query';
import { API, type BetSlip, type Paged } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many of the player's latest slips of one game the game screen reads (this issue's, the last draw's, the last one). */
const LATEST = 20;

/**
 * The player's latest slips of one game (GET /api/bet/list?games_id=), for "my bets this issue" and "repeat last
 * slip". Its key starts with `bets`, so a placed bet and the stream's or the poll's `settled` refresh it.
 */
export const useGameBets = (gameId: number, token: string | undefined) =>
  useQuery({
    queryKey: ['bets', token ?? '', 'game', gameId],
    queryFn: () => apiRequest<Paged<BetSlip>>(API.betList, { query: { games_id: gameId, page: 1, limit: LATEST } }),
    enabled: !!token && gameId > 0,
    select: (page) => page.list,
  });
