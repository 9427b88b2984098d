import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type HistoryItem } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

/** A game's past draws, newest first, page by page. The events stream refreshes this key after each draw. */
export const historyKey = (gameId: number) => ['game-history', gameId] as const;

export const useHistory = (gameId: number, limit?: number) =>
  useInfiniteQuery({
    ...pagedQuery<HistoryItem>([...historyKey(gameId), limit ?? 'all'], API.history, { games_id: gameId }),
    enabled: gameId > 0,
  });
