import { useEffect } from 'react';
import { useCurrentGame } from '../api/get-current-game.ts';
import { useGameEvents, usePhaseKind } from './use-game-clock.ts';

/**
 * A game screen's live period: the current-game query, the events stream's status and the phase kind. The caller
 * re-renders when the phase changes (open → sealed → drawing), not every second: the countdown ticks by itself.
 */
export function usePeriod(gameId: number) {
  const current = useCurrentGame(gameId);
  const stream = useGameEvents(gameId);
  const phase = usePhaseKind(current.data);

  // The stream brings the next period after the draw; while it is down, useGameEvents polls instead. With it, ask
  // again only if the next period is long in coming (an event lost on the way).
  const { refetch } = current;
  const stale = phase === 'drawing' || (phase === 'none' && !!current.data);
  const live = stream === 'live';
  useEffect(() => {
    if (!stale || !live) return;
    const id = window.setInterval(() => void refetch(), 20_000);
    return () => window.clearInterval(id);
  }, [stale, live, refetch]);

  return { current, stream, bettable: phase === 'open', issue: current.data?.issue ?? null };
}
