import type { QueryClient } from '@tanstack/react-query';
import type { CurrentGame } from '@fairdraw/contract';
import { currentGameKey } from '../api/get-current-game.ts';
import { historyKey } from '../api/get-history.ts';
import type { ServerClock } from './server-clock.ts';
import { WALLET_KEY } from '../../../lib/server-state/keys.ts';

/**
 * The events of GET /api/game/events that the screens use (contract GAME_EVENTS, and `settled`: a period's bets
 * are settled, `{games_id, issue}`). A server that never sends `settled` changes nothing here.
 */
export const STREAM_EVENTS = ['time', 'period', 'seal', 'result', 'next', 'settled'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isCurrentGame = (v: unknown): v is CurrentGame =>
  isObject(v) && isId(v.games_id) && typeof v.server_time === 'number' && 'issue' in v && 'seal_at' in v;

/**
 * What each event does to the query cache: `period` / `next` carry a game's whole current_game answer, so it is
 * stored as is (no request; a screen without that game open just keeps it for later), and the game's history is
 * marked stale when its last draw changed. `seal` marks the period sealed. `result` needs nothing: `next` follows it
 * with the new period and the drawn one. `settled` refreshes the wallet and the bet lists, so a payout shows without
 * a reload (only the queries on screen are fetched again). Every server time stamp sets the clock.
 *
 * `streamGameId`: the game of a one-game stream, for events that do not name theirs.
 */
export function gameEventHandler(qc: QueryClient, clock: ServerClock, streamGameId?: number) {
  return (name: string, data: unknown): void => {
    if (name === 'settled') {
      void qc.invalidateQueries({ queryKey: WALLET_KEY });
      void qc.invalidateQueries({ queryKey: ['bets'] });
      return;
    }
    if (!isObject(data)) return;
    if (typeof data.server_time === 'number') clock.observe(data.server_time);
    const gameId = isId(data.games_id) ? data.games_id : streamGameId;
    switch (name) {
      case 'period':
      case 'next': {
        if (!isCurrentGame(data)) return;
        const key = currentGameKey(data.games_id);
        const before = qc.getQueryData<CurrentGame>(key);
        qc.setQueryData<CurrentGame>(key, data);
        // A new draw since the period stored before: the history has grown. (Nothing stored yet: a history on
        // screen was just fetched.)
        if (before && before.last?.issue !== data.last?.issue)
          void qc.invalidateQueries({ queryKey: historyKey(data.games_id) });
        return;
      }
      case 'seal': {
        if (gameId === undefined || typeof data.issue !== 'string') return;
        qc.setQueryData<CurrentGame>(currentGameKey(gameId), (g) =>
          g && g.issue === data.issue && (g.status === 'open' || g.status === 'scheduled')
            ? { ...g, status: 'sealed' }
            : g,
        );
        return;
      }
      default:
        return;
    }
  };
}
