import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API, type CurrentGame } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { phaseAt, type Phase, type PeriodTimes } from './derive.ts';
import { gameEventHandler, STREAM_EVENTS } from './game-events.ts';
import { startGamePoll } from './game-poll.ts';
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
 * While it is `down` (refused: the server's connection caps, or streaming off; or cut) the same updates come by
 * polling current_game (game-poll.ts): the one game, or for `'all'` every game a screen is showing.
 */
export function useGameEvents(gameId: number | 'all'): StreamStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const supported = typeof EventSource !== 'undefined';
  const valid = gameId === 'all' || gameId > 0;
  useEffect(() => {
    if (!supported || !valid) return;
    const query = gameId === 'all' ? '' : `?games_id=${gameId}`;
    const stream = openGameStream({
      url: `${BASE}${API.gameEvents}${query}`,
      events: STREAM_EVENTS,
      onEvent: gameEventHandler(qc, serverClock, gameId === 'all' ? undefined : gameId),
      onStatus: setStatus,
    });
    return () => stream.close();
  }, [gameId, qc, supported, valid]);
  const down = !supported || status === 'down';
  useEffect(() => {
    if (!down || !valid) return;
    const poll = startGamePoll({
      games: () =>
        gameId === 'all'
          ? qc
              .getQueryCache()
              .findAll({ queryKey: ['current-game'] })
              .filter((q) => q.getObserversCount() > 0)
              .map((q) => q.queryKey[1])
              .filter((id): id is number => typeof id === 'number')
          : [gameId],
      fetchGame: (id) => apiRequest<CurrentGame>(API.currentGame, { method: 'POST', query: { games_id: id } }),
      onEvent: gameEventHandler(qc, serverClock, gameId === 'all' ? undefined : gameId),
      now: () => Date.now() + serverClock.offset(),
    });
    return () => poll.stop();
  }, [down, valid, gameId, qc]);
  return supported ? status : 'down';
}
