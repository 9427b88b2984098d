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

/** The global budget's window: RATE_LIMIT_MAX requests a minute per client. */
const WINDOW_MS = 60_000;

type StoreParams = { continueExceeding: boolean; exponentialBackoff: boolean };

/**
 * The store class the plugin instantiates once for the global budget (`new Store(globalParams)`; a route's own budget
 * is its `child`): bound to this app's Redis when there is one, in memory otherwise. `made` is told the instance, so
 * the front door can count in the very same store.
 */
function storeClassOf(shared: SharedStore, made: (store: Store) => void) {
  const { redis } = shared;
  if (!redis) {
    return class extends LocalStore {
      constructor(params: StoreParams) {
        super(params.continueExceeding, params.exponentialBackoff);
        made(this);
      }
    };
  }
  const client: Redis = redis;
  return class extends FallbackStore {
    constructor(params: StoreParams) {
      super(
        shared,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, client, `${shared.prefix}rate-limit:`),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
      made(this);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one request of the client at this IPv4 address in the global budget, in the store and under the key the
     * routes count it (the plugin's key for an IPv4 address is the address itself); answers true while within the
     * budget, false past it, undefined when it could not be counted. In memory it answers before it returns.
     */
    countRequest: (ipv4: string, done: (within: boolean | undefined) => void) => void;
  }
}

/**
 * A global per-IP budget (RATE_LIMIT_MAX a minute) against floods; the login, register and guest routes set a
 * stricter one of their own (AUTH_RATE_LIMIT_MAX) because each costs an argon2 hash or creates rows.
 * Without REDIS_URL the budgets are counted in memory, per instance; with it, in Redis, shared by every instance
 * (per instance again while Redis is away: FallbackStore).
 */
export default fp(
  async (app) => {
    const max = app.config.rateLimitMax;
    let global: Store | undefined;
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: WINDOW_MS,
      store: storeClassOf(app.sharedStore, (store) => {
        global ??= store;
      }) as never,
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
    const store = global;
    if (!store) throw new Error('rate-limit: the global budget has no store');
    app.decorate('countRequest', (ipv4: string, done: (within: boolean | undefined) => void) => {
      store.incr(ipv4, (err, res) => done(err || !res ? undefined : res.current <= max), WINDOW_MS, max);
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'shared-limits'] },
);
