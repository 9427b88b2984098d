import type { CurrentGame } from '@fairdraw/contract';

/**
 * What the screens get while the events stream is down (refused with 429 when the server's connection caps are
 * reached or streaming is off, cut by a proxy, offline): the same updates, by polling POST /api/game/current_game.
 * An EventSource cannot read a refusal's status code, so any failure of the stream leads here; the stream itself
 * keeps retrying with its back-off (game-stream.ts) and the poll stops once it is live again.
 *
 * - Each watched game is asked for at once, then every `intervalMs` (5 s), and sooner when a draw falls due before
 *   that: one second after the earliest `draw_at` (server time), so a result shows as it would on the stream.
 * - Each answer goes to the stream's own handler as a `period` event: the query cache and the server clock are
 *   updated, and the game's history goes stale when its last draw changed, exactly as with the stream.
 * - Settlement has no trace in current_game, so a new draw counts as `settled` on that poll and on the next (the
 *   settle loop commits within moments of the draw): the wallet and the bet lists on screen are fetched again. With
 *   no game watched (the bet lists), `settled` is sent every third poll instead.
 *
 * Framework-free so it can be tested with fake timers; `use-game-clock.ts` binds it to React.
 */
export type GamePollOptions = {
  /** The games to ask for now (re-read at each poll: a lobby's rows come and go). */
  games: () => readonly number[];
  fetchGame: (gameId: number) => Promise<CurrentGame>;
  /** The stream's event handler (game-events.ts). */
  onEvent: (name: string, data: unknown) => void;
  /** Server time, ms. */
  now: () => number;
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
  intervalMs?: number;
};

export const POLL_INTERVAL_MS = 5000;
/** A draw is made by the scheduler's next tick (every second): ask this long after draw_at. */
export const AFTER_DRAW_MS = 1000;
const MIN_DELAY_MS = 1000;

/** How long to wait before the next poll: the interval, or just after the earliest draw due before it. */
export function nextPollDelay(periods: readonly CurrentGame[], serverNow: number, intervalMs = POLL_INTERVAL_MS) {
  let delay = intervalMs;
  for (const p of periods) {
    if (p.draw_at === null) continue;
    const until = p.draw_at + AFTER_DRAW_MS - serverNow;
    if (until > 0) delay = Math.min(delay, until);
  }
  return Math.max(MIN_DELAY_MS, delay);
}

export function startGamePoll(opts: GamePollOptions): { stop: () => void } {
  const timers = opts.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id: unknown) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const intervalMs = opts.intervalMs ?? POLL_INTERVAL_MS;
  const lastDraw = new Map<number, string | null>();
  let settledPolls = 0;
  let round = 0;
  let stopped = false;
  let timer: unknown = null;

  const poll = async () => {
    timer = null;
    round += 1;
    const ids = opts.games();
    const answers = await Promise.all(ids.map((id) => opts.fetchGame(id).catch(() => null)));
    if (stopped) return;
    const periods: CurrentGame[] = [];
    let newDraw = false;
    for (const g of answers) {
      if (!g) continue;
      periods.push(g);
      const last = g.last?.issue ?? null;
      if (lastDraw.has(g.games_id) && lastDraw.get(g.games_id) !== last) newDraw = true;
      lastDraw.set(g.games_id, last);
      opts.onEvent('period', g);
    }
    if (newDraw) settledPolls = 2;
    if (settledPolls > 0 || (ids.length === 0 && round % 3 === 0)) {
      settledPolls = Math.max(0, settledPolls - 1);
      opts.onEvent('settled', undefined);
    }
    timer = timers.setTimeout(() => void poll(), nextPollDelay(periods, opts.now(), intervalMs));
  };

  void poll();
  return {
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
