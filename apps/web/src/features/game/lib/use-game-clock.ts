import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API } from '@fairdraw/contract';
import { historyKey } from '../api/game-api.ts';

/** Server time, ticking each second: local time plus the offset measured when the period was received. */
export function useServerNow(offset: number): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setLocal(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return local + offset;
}

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/**
 * The game's Server-Sent Events: on a result or the next period, the current period and the history are
 * fetched again. EventSource reconnects by itself. `onEvent` hears every event name (e.g. to show "sealed").
 */
export function useGameEvents(gameId: number, onEvent?: (name: string) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!(gameId > 0) || typeof EventSource === 'undefined') return;
    const es = new EventSource(`${BASE}${API.gameEvents}?games_id=${gameId}`, { withCredentials: true });
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: ['current-game', gameId] });
      void qc.invalidateQueries({ queryKey: historyKey(gameId) });
    };
    const handlers: [string, () => void][] = [
      ['result', refresh],
      ['next', refresh],
      ['period', refresh],
      ['seal', () => void qc.invalidateQueries({ queryKey: ['current-game', gameId] })],
    ];
    for (const [name, fn] of handlers)
      es.addEventListener(name, () => {
        fn();
        onEvent?.(name);
      });
    return () => es.close();
  }, [gameId, qc, onEvent]);
}
