/**
 * The server's clock as the game screens show it: local time plus an offset measured from the server's own time
 * stamps (`server_time` of current_game, and of the events stream: `time` at connect and every 15 s, `period`,
 * `next`, `seal`). A stamp read on arrival is late by the network delay, so a sample is never above the true offset:
 * the clock keeps the highest recent sample. A sample far below it means the local clock jumped, not a slow network,
 * and restarts the measurement.
 *
 * One ticker serves every countdown on screen: it fires just after each server second, only while something listens,
 * and `now()` is the server time floored to the second, so it stays the same between ticks (a stable snapshot for
 * useSyncExternalStore) and a countdown to a whole-second deadline turns exactly on time.
 */
export type ServerClock = {
  /** Server time in ms, floored to the second. */
  now: () => number;
  /** Current estimate of server time − local time, in ms. */
  offset: () => number;
  /** A server time stamp received at local time `receivedAt` (default: now). */
  observe: (serverTime: number, receivedAt?: number) => void;
  /** Called after each server second (while the page is visible) and when the offset changes. */
  subscribe: (listener: () => void) => () => void;
};

type Timers = {
  local: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  hidden: () => boolean;
};

const SAMPLES = 8;
const SAMPLE_TTL_MS = 5 * 60_000;
/** A network is not this slow on a live stream: a sample this far below the estimate means the local clock moved. */
const JUMP_MS = 3000;
/** Fire a little after the second turns, so a deadline on the second has passed. */
const TICK_SLACK_MS = 15;

export function createServerClock(timers: Partial<Timers> = {}): ServerClock {
  const t: Timers = {
    local: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    hidden: () => typeof document !== 'undefined' && document.hidden,
    ...timers,
  };
  let samples: { offset: number; at: number }[] = [];
  let estimate = 0;
  const listeners = new Set<() => void>();
  let timer: unknown = null;

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const schedule = () => {
    if (timer !== null) t.clearTimeout(timer);
    timer = null;
    if (listeners.size === 0) return;
    const server = t.local() + estimate;
    const toNext = 1000 - (((server % 1000) + 1000) % 1000);
    timer = t.setTimeout(() => {
      timer = null;
      if (!t.hidden()) notify();
      schedule();
    }, toNext + TICK_SLACK_MS);
  };

  return {
    now: () => Math.floor((t.local() + estimate) / 1000) * 1000,
    offset: () => estimate,
    observe(serverTime, receivedAt = t.local()) {
      if (!Number.isFinite(serverTime) || !Number.isFinite(receivedAt)) return;
      const sample = serverTime - receivedAt;
      if (samples.length > 0 && sample < estimate - JUMP_MS) samples = [];
      samples = [...samples.filter((s) => receivedAt - s.at < SAMPLE_TTL_MS), { offset: sample, at: receivedAt }];
      samples = samples.slice(-SAMPLES);
      const next = Math.max(...samples.map((s) => s.offset));
      if (next === estimate) return;
      estimate = next;
      schedule();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) schedule();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) schedule();
      };
    },
  };
}

/** The one clock of the app (every game screen and the lobby share it). */
export const serverClock = createServerClock();
