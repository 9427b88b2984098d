import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { Counter, Histogram } from 'prom-client';
import { clientAddress } from '../lib/front-door.ts';
import { publicRead } from '../lib/public-read.ts';
import type { PublicRead } from '../lib/public-read.ts';

type ReadOptions<K> = Omit<Parameters<typeof publicRead<K>>[0], 'ttlMs' | 'now' | 'answered'> & {
  /** How long an answer is kept; READ_CACHE_MS unless the read has a setting of its own (Home: HOME_CACHE_MS). */
  ttlMs?: number;
  /** Dropped by `clear()` (a period drawn or opened here, a game changed); false for a read with a signal of its own. */
  withGames?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public reads kept for a moment (lib/public-read.ts): a module makes its own with `create`, on the app's
     * clock and READ_CACHE_MS; `clear` drops every kept game read at once (a period drawn or opened here, a game
     * changed).
     */
    publicReads: {
      create: <K>(opts: ReadOptions<K>) => PublicRead<K>;
      clear: () => void;
      /** Also calls `forget` at each `clear` (another module's answers kept as long, such as a stream's games). */
      onClear: (forget: () => void) => void;
    };
  }
}

/** How many distinct requests the front door remembers (the least recently asked go first). */
const FRONT_DOOR_MAX = 10_000;
/** The longest URL it remembers: a public read's is a few dozen characters; a longer one is somebody's invention. */
const FRONT_DOOR_URL_MAX = 256;

/** A request the front door can answer: a look at its kept answer, and how the route answered it. */
type Known = {
  peek: () => Buffer | undefined;
  /** The route's answer headers (the security headers and the content type), as node:http takes them. */
  headers: string[];
  /** Those headers with the content length last sent (the length changes only when the answer does). */
  sized?: { length: number; headers: string[] };
};

/**
 * What makes two requests the same to a public read: the method, the URL with its query string and the `lang`
 * header (the routes' schemas read nothing else), and no body. Nothing for a request with a body, or for a URL longer
 * than any public read's (at most FRONT_DOOR_MAX keys of FRONT_DOOR_URL_MAX characters are ever remembered).
 */
function frontKey(method: string | undefined, url: string | undefined, req: IncomingMessage): string | undefined {
  const { headers } = req;
  if (url === undefined || url.length > FRONT_DOOR_URL_MAX) return undefined;
  if (headers['transfer-encoding'] !== undefined) return undefined;
  const length = headers['content-length'];
  if (length !== undefined && length !== '0') return undefined;
  return `${method} ${String(headers.lang ?? '')} ${url}`;
}

/**
 * The public reads and their front door.
 *
 * The front door (lib/front-door.ts, the server's first look at a request): a request that exactly repeats one
 * already answered with a kept answer is answered with the kept bytes and the route's own headers before Fastify
 * routes it, so a crowd of phones polling the same few URLs costs hardly more than a bare node:http server. It
 * changes nothing of what a request gets:
 * - only an exact repeat (frontKey) of a request that passed every check of the route is let in: its validation
 *   depends on nothing else, and an answer past its time (peeker) goes the whole way and is loaded;
 * - it is counted against the client's rate budget, the very one the routes count in, Redis-shared or not, the
 *   client's address told as Fastify tells it: an IPv4 client in the budget's own store under its own key
 *   (`app.countRequest`; in memory that answers in the same turn, with no promise), an IPv6 one through the plugin
 *   (`app.createRateLimit()`, which keys it by its /64); once the budget is spent the request goes to the route,
 *   whose own check refuses it with its headers;
 * - it is counted in `public_read_front_door_answers_total`, and an answer that waited for the budget (Redis, or an
 *   IPv6 client's) timed in `public_read_front_door_wait_seconds` (not in http_request_duration_seconds, which times
 *   what reaches Fastify); it writes no request log line (at LOG_LEVEL info, Fastify's two lines a request would
 *   cost more than the answer);
 * - with the maintenance switch on, there is no front door: every call gets the maintenance answer.
 */
export default fp(
  (app, _opts, done) => {
    const reads: PublicRead<never>[] = [];
    const forgets: (() => void)[] = [];
    const known = new LRUCache<string, Known>({ max: FRONT_DOOR_MAX });
    app.decorate('publicReads', {
      create: <K>({ ttlMs, withGames = true, ...opts }: ReadOptions<K>) => {
        const read: PublicRead<K> = publicRead<K>({
          ...opts,
          ttlMs: ttlMs ?? app.config.readCacheMs,
          now: app.clockMs,
          answered: (reply: FastifyReply, keyText: string) => {
            const { request } = reply;
            if (request.method !== opts.method) return;
            const key = frontKey(request.method, request.url, request.raw);
            if (key === undefined || known.has(key)) return;
            const headers = { ...reply.getHeaders(), 'content-type': 'application/json; charset=utf-8' };
            known.set(key, {
              peek: read.peeker(keyText),
              headers: Object.entries(headers).flatMap(([name, v]) => [
                name,
                Array.isArray(v) ? v.join(', ') : String(v),
              ]),
            });
          },
        });
        if (withGames) reads.push(read);
        return read;
      },
      clear: () => {
        for (const read of reads) read.clear();
        for (const forget of forgets) forget();
      },
      onClear: (forget: () => void) => {
        forgets.push(forget);
      },
    });

    if (!app.config.maintenanceUrl) {
      app.addHook('onReady', (next) => {
        // The rate budget every route counts in (plugins/rate-limit.ts), asked with what its key and allow list read.
        const budget = app.createRateLimit();
        const addressOf = clientAddress(app.config.trustProxy);
        // Counted apart from http_request_duration_seconds (the framework's requests). An answer from memory leaves in
        // the turn its request came in, in microseconds: it is counted, not timed (timing it cost more than a tenth of
        // the answer). One that waited for the budget (Redis, or an IPv6 client's promise) is timed from its arrival.
        const answers = new Counter({
          name: 'public_read_front_door_answers_total',
          help: 'Requests answered by the front door from a kept public read (the others go the whole way)',
          registers: [app.metrics],
        });
        const waits = new Histogram({
          name: 'public_read_front_door_wait_seconds',
          help: 'Front door answers that waited for the rate budget (shared in Redis, or an IPv6 client): arrival to answer',
          buckets: [0.0005, 0.001, 0.005, 0.025, 0.1],
          registers: [app.metrics],
        });
        const budgetWaits = app.sharedStore.redis !== undefined;
        app.frontDoor.use((req, res, next) => {
          const { method, url } = req;
          const key = frontKey(method, url, req);
          const entry = key === undefined ? undefined : known.get(key);
          const bytes = entry?.peek();
          if (!entry || !bytes) return false;
          const send = (within: boolean | undefined, arrived?: number) => {
            if (within !== true) {
              next(req, res);
              return;
            }
            if (entry.sized?.length !== bytes.length) {
              entry.sized = {
                length: bytes.length,
                headers: entry.headers.concat('content-length', String(bytes.length)),
              };
            }
            res.writeHead(200, entry.sized.headers);
            res.end(bytes);
            answers.inc();
            if (arrived !== undefined) waits.observe((performance.now() - arrived) / 1000);
          };
          const ip = addressOf(req);
          // An IPv4 client is counted in the budget's store directly (in memory: no promise, answered in this turn);
          // an IPv6 one through the plugin, whose key for it is the address's normalised /64 prefix.
          if (ip !== undefined && !ip.includes(':')) {
            const arrived = budgetWaits ? performance.now() : undefined;
            app.countRequest(ip, (within) => send(within, arrived));
            return true;
          }
          const arrived = performance.now();
          const asked = { ip, url, routeOptions: { config: {} } };
          budget(asked as never).then(
            (counted) => send(counted.isAllowed || !counted.isExceeded, arrived),
            () => send(undefined),
          );
          return true;
        });
        next();
      });
    }
    done();
  },
  { name: 'public-reads', dependencies: ['config', 'clock', 'shared-limits', 'rate-limit', 'metrics'] },
);
