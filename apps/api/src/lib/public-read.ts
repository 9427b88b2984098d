import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/**
 * A public read kept for a moment: a call whose answer is the same for every caller of its key (no per-user data —
 * the games, a game's plays, its current period, its history and trend), serialised once with the route's own response
 * schema and sent as bytes, so a crowd of phones polling it costs one database read per key and moment, not one each.
 *
 * An answer is kept `ttlMs` (READ_CACHE_MS, 1 s by default: about the draw scheduler's own beat, so a period's change
 * reaches a poller at most that much later than without it), never past `until` (the next instant the answer changes
 * by itself, such as the current period's seal), and is dropped at once by `clear()` (this instance drew or opened a
 * period, an operator changed a game; another instance's change reaches this one within the time to live). Past its
 * time to live, the first request starts a reload and the answer is still sent until the reload is in, so a crowd
 * polling it never waits for the database nor goes the whole way through the framework meanwhile — but never once it
 * is twice the time to live old (a read nobody asked for a while is loaded afresh) nor past `until`. Concurrent misses
 * share one load; a failed load (an unknown game) is not kept.
 * At most `max` keys are held (the least recently used go first), however many keys callers invent.
 *
 * `stamp` names a top-level field of the data that is the time of the answer (`server_time`): it is written at each
 * send, not kept (the bytes made for one millisecond are sent again within it).
 */
export type PublicRead<K> = {
  /** Sends the answer for `key` (from memory, or loaded now). */
  send: (reply: FastifyReply, key: K) => Promise<FastifyReply>;
  /** Forgets every kept answer. */
  clear: () => void;
  /**
   * A look at the kept bytes for one key (its `keyOf` text): each call gives them while they are still the answer
   * now, else nothing; never waits. Past the time to live it starts the reload (one, shared with any request's) and
   * gives the kept bytes meanwhile, as a send does. The front door (plugins/public-reads.ts) answers a repeated
   * request with them. The look remembers the answer it last found fresh, so that until its time to live it gives
   * it again without a lookup in the cache (a crowd polling one key asks it thousands of times a second); the looks
   * at one key share that memory, and it lets the answer go when the cache does (so what the looks hold is never
   * more than what the cache holds, however many looks the front door keeps).
   */
  peeker: (keyText: string) => () => Buffer | undefined;
};

/**
 * The bytes (split around the stamp when there is one), and the instant they stop being the answer (epoch ms). Kept
 * encoded: a send copies them to the socket instead of encoding a string of many kilobytes again each time.
 */
type Rendered = {
  parts: readonly Buffer[];
  until: number | null;
  /** The stamped bytes last sent, and their stamp: a crowd asking within the same millisecond gets the same bytes. */
  stamped?: { at: number; bytes: Buffer };
};
/**
 * Kept with the key it answers (to reload it), when it was loaded and until when it is fresh (epoch ms, the app's
 * clock: loaded plus its time to live, the cache's own ttl for it).
 */
type Kept<K> = Rendered & { key: K; loadedAt: number; freshUntil: number };

export function publicRead<K>(opts: {
  /** The route's 200 envelope (its serializer writes the bytes). */
  response: z.ZodType;
  method: 'GET' | 'POST';
  url: string;
  ttlMs: number;
  /** The app's clock, in ms: answers age on it (a test moves it past the time to live instead of waiting). */
  now: () => number;
  keyOf: (key: K) => string;
  /** The answer's data, and the next instant it changes by itself (epoch ms), if it knows one. */
  load: (key: K) => Promise<{ data: unknown; until?: number | null }>;
  stamp?: string;
  max?: number;
  /** Told of each request answered with a kept answer, with its key's text (the front door learns it). */
  answered?: (reply: FastifyReply, keyText: string) => void;
}): PublicRead<K> {
  const serialize = serializerCompiler({
    schema: opts.response,
    method: opts.method,
    url: opts.url,
    httpStatus: '200',
  }) as (data: unknown) => string;
  const { stamp } = opts;
  /** The bytes, split around the stamped field's value when there is one. */
  const render = (data: unknown, until: number | null): Rendered => {
    if (!stamp) return { parts: [Buffer.from(serialize({ code: 200, msg: 'success', data }))], until };
    // A value no answer carries, found once in the bytes: the stamp goes where it is.
    const marker = -987_654_321;
    const text = serialize({ code: 200, msg: 'success', data: { ...(data as object), [stamp]: marker } });
    const at = `"${stamp}":${marker}`;
    const i = text.indexOf(at);
    if (i < 0 || text.indexOf(at, i + 1) >= 0) throw new Error(`${opts.url}: cannot place ${stamp} in the answer`);
    return { parts: [Buffer.from(`${text.slice(0, i)}"${stamp}":`), Buffer.from(text.slice(i + at.length))], until };
  };
  const bytes = (kept: Rendered, at: number) => {
    if (kept.parts.length === 1) return kept.parts[0]!;
    if (kept.stamped?.at !== at) {
      kept.stamped = { at, bytes: Buffer.concat([kept.parts[0]!, Buffer.from(String(at), 'latin1'), kept.parts[1]!]) };
    }
    return kept.stamped.bytes;
  };

  if (opts.ttlMs <= 0)
    return {
      send: async (reply, key) => sendJson(reply, bytes(render((await opts.load(key)).data, null), opts.now())),
      clear: () => undefined,
      peeker: () => () => undefined,
    };

  /**
   * What the looks at a key remember: the answer last found fresh under its cache key (generation and key text),
   * while the cache holds it. An answer the cache lets go (replaced, evicted, deleted) is forgotten here too.
   */
  type Memo = { generation: number; kept: Kept<K> | undefined };
  const memos = new Map<string, Memo>();
  const forget = (k: string, kept: Kept<K>) => {
    const memo = memos.get(k);
    if (memo?.kept !== kept) return;
    memo.kept = undefined;
    memos.delete(k);
  };
  const cache = new LRUCache<string, Kept<K>, { key: K }>({
    max: opts.max ?? 1000,
    dispose: (kept, k) => forget(k, kept),
    ttl: opts.ttlMs,
    perf: { now: opts.now },
    // Read the clock at every look (by default the cache reads it at most once a millisecond of real time).
    ttlResolution: 0,
    // Past its time to live an answer is still given (a fetch starts the reload and gives it; a get gives it and
    // leaves it): `usable` says whether it may still be sent.
    allowStale: true,
    noDeleteOnStaleGet: true,
    // A load in flight when its key is evicted (a flood of invented keys) still answers those waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: async (_k, _stale, { options, context }) => {
      const loaded = await opts.load(context.key);
      const loadedAt = opts.now();
      // A change instant already passed when the answer was read is in the answer.
      const until = loaded.until != null && loaded.until > loadedAt ? loaded.until : null;
      const ttl = until !== null ? Math.max(1, Math.min(opts.ttlMs, until - loadedAt)) : opts.ttlMs;
      options.ttl = ttl;
      return { ...render(loaded.data, until), key: context.key, loadedAt, freshUntil: loadedAt + ttl };
    },
  });
  /**
   * Whether a kept answer may still be sent at `now`: before its next change, and less than twice the time to live
   * old.
   */
  const usable = (kept: Kept<K>, now: number) =>
    (kept.until === null || now < kept.until) && now - kept.loadedAt < 2 * opts.ttlMs;
  // Clearing starts a new generation of keys rather than emptying the cache: a load in flight still answers the
  // requests that wait on it (they came before the change), and nothing after the change can land on it.
  let generation = 0;
  const { answered } = opts;
  return {
    send: async (reply, key) => {
      const keyText = opts.keyOf(key);
      const k = `${generation}:${keyText}`;
      const old = cache.get(k);
      // (Deleting an answer that is reloading tells no dispose: it is forgotten here.)
      if (old && !usable(old, opts.now())) {
        forget(k, old);
        cache.delete(k);
      }
      let kept = await cache.fetch(k, { context: { key } });
      // At its next change the answer is due again, to the millisecond; and an answer long past its time to live is
      // not sent while it reloads: the request waits for the new one (above, or here if it came of a slow load).
      if (kept && !usable(kept, opts.now())) {
        forget(k, kept);
        if (cache.get(k) === kept) cache.delete(k);
        kept = await cache.fetch(k, { context: { key } });
      }
      if (!kept) throw new Error(`${opts.url}: nothing loaded`);
      answered?.(reply, keyText);
      return sendJson(reply, bytes(kept, opts.now()));
    },
    clear: () => {
      generation += 1;
    },
    peeker: (keyText) => {
      // The memory shared by the looks at this key, as last found (it may since have been let go: then it is empty).
      let memo: Memo | undefined;
      return () => {
        // One reading of the clock for the whole answer (it is read on every request the front door answers).
        const now = opts.now();
        const remembered = memo?.kept;
        if (remembered && memo?.generation === generation && now < remembered.freshUntil) return bytes(remembered, now);
        const k = `${generation}:${keyText}`;
        const kept = cache.get(k);
        if (!kept || !usable(kept, now)) return undefined;
        // Past its time to live: the reload starts (one, however many ask meanwhile) and the kept bytes go.
        if (now >= kept.freshUntil) void cache.fetch(k, { context: { key: kept.key } }).catch(() => undefined);
        else {
          memo = memos.get(k) ?? { generation, kept };
          memo.kept = kept;
          memos.set(k, memo);
        }
        return bytes(kept, now);
      };
    },
  };
}

/** A JSON content type and a ready body: Fastify sends it as it is, without serialising again. */
function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
