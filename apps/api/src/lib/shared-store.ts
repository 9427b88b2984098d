import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The Redis that several API instances share their limits through (REDIS_URL): the rate limits (plugins/rate-limit.ts)
 * and the live-stream caps (modules/draws/stream-limits.ts). Without REDIS_URL there is none and every limit is kept
 * in memory, per instance, as on a single host.
 *
 * While Redis is away (down, unreachable, too slow) the limits are kept per instance again, never dropped and never
 * refusing everyone: `available()` says which. A request never waits for a connection (commands are refused at once
 * while there is none, no queue), and a command that takes longer than COMMAND_TIMEOUT_MS counts as Redis being away:
 * its caller falls back to memory and the connection is made again. Reconnection is tried every second at most;
 * once it answers, the shared counts are used again.
 */
export type SharedStore = {
  /** The client, when REDIS_URL is set (whether or not it is connected now). */
  redis: Redis | undefined;
  /** Every key this instance writes starts with this (REDIS_KEY_PREFIX): sites or test runs sharing one Redis. */
  prefix: string;
  /** True when REDIS_URL is set. */
  configured: boolean;
  /** True while the limits are shared: REDIS_URL is set and its connection is up. */
  available(): boolean;
  /** A caller's command failed: Redis counts as away until the connection is made again. */
  failed(err: unknown): void;
  close(): Promise<void>;
};

/** A command (one round trip) slower than this counts as Redis being away; on a sound network it takes < 1 ms. */
export const COMMAND_TIMEOUT_MS = 150;
/**
 * Connecting may take this long before the attempt is given up and tried again. No request waits for it (while
 * there is no connection Redis is not asked), so it may be generous: a busy machine connects slowly.
 */
const CONNECT_TIMEOUT_MS = 2000;
/** How long a starting instance waits for its first connection, so that its first requests already share. */
const START_WAIT_MS = 1000;
/** Reconnection attempts back off to this. */
const RETRY_MAX_MS = 1000;

/** No Redis: every limit in memory, per instance. */
export const NO_SHARED_STORE: SharedStore = {
  redis: undefined,
  prefix: '',
  configured: false,
  available: () => false,
  failed: () => undefined,
  close: () => Promise.resolve(),
};

/**
 * Connects to `url`, waiting at most START_WAIT_MS for the first connection (a host whose Redis is away still
 * starts, with limits per instance, and goes on trying).
 */
export async function connectSharedStore(url: string, prefix: string, log: FastifyBaseLogger): Promise<SharedStore> {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // No queue while disconnected, no retry of a command: a request never waits for Redis to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(times * 100, RETRY_MAX_MS),
    connectionName: 'fairdraw-limits',
    // The commands of one tick go in one write (and Redis answers them in one): a crowd connecting at once asks for
    // its rate budgets and stream leases in a few round trips, not one each.
    enableAutoPipelining: true,
  });
  let shared = false;
  let closing = false;
  const away = (why: string, err?: unknown) => {
    if (!shared) return;
    shared = false;
    log.warn({ err, why }, 'Redis unavailable: rate limits and stream caps are per instance until it is back');
  };
  redis.on('ready', () => {
    if (shared) return;
    shared = true;
    log.info('Redis connected: rate limits and stream caps are shared across instances');
  });
  redis.on('close', () => away('connection closed'));
  // Without a listener an 'error' event would be thrown; the transition is logged once, by `away`.
  redis.on('error', (err: unknown) => away('connection error', err));
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, START_WAIT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  if (!shared) log.warn({ url: redacted(url) }, 'Redis unavailable at start: limits are per instance until it is up');
  return {
    redis,
    prefix,
    configured: true,
    available: () => shared && redis.status === 'ready',
    failed(err) {
      if (closing || !shared) return;
      away('command failed', err);
      // A command that timed out leaves a connection that may be stuck: make a new one (its 'ready' shares again).
      redis.disconnect(true);
    },
    async close() {
      closing = true;
      shared = false;
      // QUIT when connected (the server closes once it has answered what was sent), else at once.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect(false));
      else redis.disconnect(false);
    },
  };
}

/** The URL without its password, for the log. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid)';
  }
}
