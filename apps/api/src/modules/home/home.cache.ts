/**
 * A short in-process cache with single flight: each key holds one value for `ttlMs` after it was loaded, and
 * requests that miss together share one load instead of each starting its own. A failed load is not kept: the
 * next request tries again. `ttlMs` 0 turns the cache off (every get loads).
 *
 * Only for answers that are the same for every caller of a key (no per-user data).
 */
export type TtlCache<K, V> = { get: (key: K) => Promise<V> };

type Entry<V> = { value: Promise<V>; expiresAt: number };

export function createTtlCache<K, V>(opts: {
  ttlMs: number;
  load: (key: K) => Promise<V>;
  now?: () => number;
}): TtlCache<K, V> {
  const { ttlMs, load } = opts;
  const now = opts.now ?? (() => performance.now());
  if (ttlMs <= 0) return { get: load };

  const entries = new Map<K, Entry<V>>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      // In flight: no expiry until it settles, so every concurrent miss lands on this same promise.
      const entry: Entry<V> = { value: load(key), expiresAt: Infinity };
      entries.set(key, entry);
      entry.value.then(
        () => {
          entry.expiresAt = now() + ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
  };
}
