import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import type { SharedStore } from '../lib/shared-store.ts';

/** What @fastify/rate-limit asks of a store (its own LocalStore and RedisStore have these). */
type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
};
type RouteParams = {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  cache?: number;
  routeInfo: { method?: string; url?: string };
};

// The plugin's own stores (not exported by its entry point): its Redis store (one Lua script per request) while
// Redis answers, its in-memory store while it does not.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;

/**
 * Counts in Redis while it answers (the budget is the clients', whichever instance they reach), in this instance's
 * memory while it does not: never open (skipOnError would let everything through), never refusing everyone. A failed
 * or slow command (lib/shared-store.ts) is counted in memory, and Redis is asked again once its connection is back.
 */
class FallbackStore implements Store {
  private readonly shared: SharedStore;
  private readonly redis: Store;
  private readonly local: Store;

  constructor(shared: SharedStore, redis: Store, local: Store) {
    this.shared = shared;
    this.redis = redis;
    this.local = local;
  }

  private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    if (!this.shared.available()) {
      this.local[method](key, cb, timeWindow, max);
      return;
    }
    this.redis[method](
      key,
      (err, res) => {
        if (!err) {
          cb(null, res);
          return;
        }
        this.shared.failed(err);
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.use('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteParams): Store {
    return new FallbackStore(this.shared, this.redis.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store class the plugin instantiates (`new Store(globalParams)`), bound to this app's Redis. */
function fallbackStoreOf(shared: SharedStore, redis: Redis) {
  return class extends FallbackStore {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      super(
        shared,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, `${shared.prefix}rate-limit:`),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  };
}

/**
 * A global per-IP budget (RATE_LIMIT_MAX a minute) against floods; the login, register and guest routes set a
 * stricter one of their own (AUTH_RATE_LIMIT_MAX) because each costs an argon2 hash or creates rows.
 * Without REDIS_URL the budgets are counted in memory, per instance; with it, in Redis, shared by every instance
 * (per instance again while Redis is away: FallbackStore).
 */
export default fp(
  async (app) => {
    const shared = app.sharedStore;
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      ...(shared.redis ? { store: fallbackStoreOf(shared, shared.redis) as never } : {}),
      // Health checks come from the orchestrator, often many at once; they must not be refused.
      allowList: (request) => {
        const path = request.url.split('?')[0];
        return path === '/healthz' || path === '/readyz';
      },
      // The budget's headers go only on a refusal (with retry-after): on every other answer they were three more
      // headers to build and send that no client of ours reads.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      // Thrown and then answered by the error handler: 429 RATE_LIMITED in the request's language.
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'shared-limits'] },
);
