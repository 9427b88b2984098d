/**
 * A short in-process cache with single flight: each key holds one value for `ttlMs` after it was loaded, and
 * requests that miss together share one load instead of each starting its own. A failed load is not kept: the
 * next request tries again. `ttlMs` 0 turns the cache off (every get loads).
 *
 * `until(value)` may end a value's life earlier (the next instant its content changes by itself, such as a banner's
 * scheduled start or end). `clear()` forgets every value at once (content changed); a load in flight when it is
 * called is not kept.
 *
 * Only for answers that are the same for every caller of a key (no per-user data).
 */
export type TtlCache<K, V> = { get: (key: K) => Promise<V>; clear: () => void };

type Entry<V> = { value: Promise<V>; expiresAt: number };

export function createTtlCache<K, V>(opts: {
  ttlMs: number;
  load: (key: K) => Promise<V>;
  now?: () => number;
  until?: (value: V) => number | null;
}): TtlCache<K, V> {
  const { ttlMs, load, until } = opts;
  const now = opts.now ?? (() => performance.now());
  if (ttlMs <= 0) return { get: load, clear: () => undefined };

  const entries = new Map<K, Entry<V>>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      // In flight: no expiry until it settles, so every concurrent miss lands on this same promise.
      const entry: Entry<V> = { value: load(key), expiresAt: Infinity };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          const end = until?.(value) ?? null;
          entry.expiresAt = Math.min(now() + ttlMs, end ?? Infinity);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    clear() {
      entries.clear();
    },
  };
}
