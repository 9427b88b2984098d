/**
 * One Server-Sent Events connection to GET /api/game/events (one game, or every game for the lobby), kept alive:
 *
 * - `live` once a message arrives (the server sends `time` at connect and every 15 s), `down` after an error or when
 *   nothing arrives for a while; screens poll only while the stream is not live.
 * - The browser's EventSource retries by itself after a dropped connection, but gives up for good on an answer that
 *   is not an event stream (a proxy's 502, a 429): then this reconnects with a growing delay. A connection that stays
 *   open but silent past two heartbeats (a proxy holding it) is replaced.
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
};

const CLOSED = 2;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export function openGameStream(opts: GameStreamOptions): { close: () => void } {
  const create = opts.create ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const timers: Timers = opts.timers ?? {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
  const firstMessageMs = opts.firstMessageMs ?? 5000;
  const silenceMs = opts.silenceMs ?? 40_000;

  let es: EventSourceLike | null = null;
  let status: StreamStatus | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
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
  /** Replaces the connection now (silent) or after the back-off delay (refused). */
  const reconnect = (delay: number) => {
    es?.close();
    es = null;
    clear(watchdog);
    clear(retry);
    retry = null;
    if (delay <= 0) connect();
    else
      retry = timers.setTimeout(() => {
        retry = null;
        connect();
      }, delay);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function connect() {
    if (closed) return;
    const source = create(opts.url);
    es = source;
    setStatus(status === 'down' ? 'down' : 'connecting');
    arm(firstMessageMs, () => {
      setStatus('down');
      arm(silenceMs, () => reconnect(0));
    });
    for (const name of opts.events) {
      source.addEventListener(name, (e) => {
        if (closed || es !== source) return;
        retryMs = RETRY_MIN_MS;
        setStatus('live');
        arm(silenceMs, () => {
          setStatus('down');
          reconnect(0);
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
      // CONNECTING: the browser retries by itself (the watchdog still covers it). CLOSED: it gave up, so do it here.
      if (source.readyState === CLOSED) reconnect(retryMs);
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
