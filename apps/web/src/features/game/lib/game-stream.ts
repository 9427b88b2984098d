/**
 * One Server-Sent Events connection to GET /api/game/events (one game, or every game for the lobby), kept alive:
 *
 * - `live` once a message arrives (the server sends `time` at connect and every 15 s), `down` after an error or when
 *   nothing arrives for a while; screens poll only while the stream is not live.
 * - Any failure — a dropped connection (a server restarting), an answer that is not an event stream (a proxy's 502,
 *   a 429) — closes the EventSource and reconnects after a random delay of full-jitter exponential backoff: uniform
 *   between 0 and min(30 s, 1 s × 2^failures). The browser's own retry would bring every phone of a restarted server
 *   back at the same moment; spread at random, the crowd returns over seconds, not as one burst. A connection that
 *   stays open but silent past two heartbeats (a proxy holding it) is replaced the same way.
 *
 * Framework-free so it can be tested with a fake EventSource; `use-game-clock.ts` binds it to React.
 */
export type StreamStatus = 'connecting' | 'live' | 'down';

/** The part of EventSource used here. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (e: { data?: unknown }) => void): void;
  close(): void;
};

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };

export type GameStreamOptions = {
  url: string;
  /** Event names to listen for (EventSource only delivers named events to their own listeners). */
  events: readonly string[];
  /** Each event with its JSON data parsed (undefined when the data is not JSON). */
  onEvent: (name: string, data: unknown) => void;
  onStatus?: (status: StreamStatus) => void;
  create?: (url: string) => EventSourceLike;
  timers?: Timers;
  /** Still no message this long after connecting: `down` (callers fall back to polling). */
  firstMessageMs?: number;
  /** No message for this long (two heartbeats and some): the connection is replaced. */
  silenceMs?: number;
  /** A number in [0, 1): the jitter of the reconnect delays (Math.random). */
  random?: () => number;
};

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Full jitter: uniform in [0, min(max, base × 2^attempt)), attempt 0 for the first retry after a live stream. */
export function reconnectDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

export function openGameStream(opts: GameStreamOptions): { close: () => void } {
  const create = opts.create ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const timers: Timers = opts.timers ?? {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
  const firstMessageMs = opts.firstMessageMs ?? 5000;
  const silenceMs = opts.silenceMs ?? 40_000;
  const random = opts.random ?? Math.random;

  let es: EventSourceLike | null = null;
  let status: StreamStatus | null = null;
  let closed = false;
  /** Failures since the last message: the backoff's exponent. */
  let attempt = 0;
  let watchdog: unknown = null;
  let retry: unknown = null;

  const setStatus = (s: StreamStatus) => {
    if (s === status || closed) return;
    status = s;
    opts.onStatus?.(s);
  };
  const clear = (id: unknown) => {
    if (id !== null) timers.clearTimeout(id);
  };
  const arm = (ms: number, onSilence: () => void) => {
    clear(watchdog);
    watchdog = timers.setTimeout(onSilence, ms);
  };
  /** Replaces the connection after a full-jitter delay, longer in range with each failure in a row. */
  const reconnect = () => {
    es?.close();
    es = null;
    clear(watchdog);
    clear(retry);
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    retry = timers.setTimeout(() => {
      retry = null;
      connect();
    }, delay);
  };

  function connect() {
    if (closed) return;
    const source = create(opts.url);
    es = source;
    setStatus(status === 'down' ? 'down' : 'connecting');
    arm(firstMessageMs, () => {
      setStatus('down');
      arm(silenceMs, reconnect);
    });
    for (const name of opts.events) {
      source.addEventListener(name, (e) => {
        if (closed || es !== source) return;
        attempt = 0;
        setStatus('live');
        arm(silenceMs, () => {
          setStatus('down');
          reconnect();
        });
        let data: unknown = undefined;
        try {
          data = typeof e.data === 'string' ? JSON.parse(e.data) : undefined;
        } catch {
          // not JSON: the event still counts as a sign of life
        }
        opts.onEvent(name, data);
      });
    }
    source.addEventListener('error', () => {
      if (closed || es !== source) return;
      setStatus('down');
      // Dropped (the browser would retry at once, with everyone else) or refused (it gave up): either way this one is
      // closed and the next comes after the jittered delay.
      reconnect();
    });
  }

  connect();
  return {
    close() {
      closed = true;
      clear(watchdog);
      clear(retry);
      es?.close();
      es = null;
    },
  };
}
