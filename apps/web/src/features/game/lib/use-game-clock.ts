import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API } from '@fairdraw/contract';
import { phaseAt, type Phase, type PeriodTimes } from './derive.ts';
import { gameEventHandler, STREAM_EVENTS } from './game-events.ts';
import { openGameStream, type StreamStatus } from './game-stream.ts';
import { serverClock } from './server-clock.ts';

/**
 * Server time, to the second (server-clock.ts). Only the component that calls this re-renders each second, so
 * countdowns are small leaf components and the lists around them stay still.
 */
export function useServerNow(): number {
  return useSyncExternalStore(serverClock.subscribe, serverClock.now);
}

/** The period's phase kind (open, sealed, …): re-renders only when the kind changes, not with every second. */
export function usePhaseKind(period: PeriodTimes | undefined): Phase['kind'] {
  return useSyncExternalStore(serverClock.subscribe, () => (period ? phaseAt(period, serverClock.now()).kind : 'none'));
}

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/**
 * Follows GET /api/game/events for one game, or for every game (`'all'`: the lobby, one connection for the whole
 * list): each event updates the query cache (game-events.ts), the stream reconnects by itself (game-stream.ts).
 * The status says whether to poll instead: only while it is not `live`.
 */
export function useGameEvents(gameId: number | 'all'): StreamStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const supported = typeof EventSource !== 'undefined';
  useEffect(() => {
    if (!supported || (gameId !== 'all' && !(gameId > 0))) return;
    const query = gameId === 'all' ? '' : `?games_id=${gameId}`;
    const stream = openGameStream({
      url: `${BASE}${API.gameEvents}${query}`,
      events: STREAM_EVENTS,
      onEvent: gameEventHandler(qc, serverClock, gameId === 'all' ? undefined : gameId),
      onStatus: setStatus,
    });
    return () => stream.close();
  }, [gameId, qc, supported]);
  return supported ? status : 'down';
}
