import { describe, expect, it } from 'vitest';
import { createTtlCache } from './home.cache.ts';

/** A load that counts its calls and resolves only when told to. */
function gatedLoad() {
  const calls: string[] = [];
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = (key: string) => {
    calls.push(key);
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { calls, pending, load };
}

describe('createTtlCache', () => {
  it('shares one load between concurrent misses and keeps the value for ttlMs', async () => {
    let t = 0;
    const { calls, pending, load } = gatedLoad();
    const cache = createTtlCache({ ttlMs: 1000, load, now: () => t });
    const a = cache.get('en');
    const b = cache.get('en');
    const c = cache.get('th');
    expect(calls).toEqual(['en', 'th']);
    pending[0]?.resolve('en-1');
    pending[1]?.resolve('th-1');
    expect(await Promise.all([a, b, c])).toEqual(['en-1', 'en-1', 'th-1']);

    t = 999;
    expect(await cache.get('en')).toBe('en-1');
    expect(calls).toHaveLength(2);

    t = 1000;
    const d = cache.get('en');
    const e = cache.get('en');
    expect(calls).toEqual(['en', 'th', 'en']);
    pending[2]?.resolve('en-2');
    expect(await Promise.all([d, e])).toEqual(['en-2', 'en-2']);
  });

  it('counts the time to live from the end of the load', async () => {
    let t = 0;
    const { calls, pending, load } = gatedLoad();
    const cache = createTtlCache({ ttlMs: 100, load, now: () => t });
    const a = cache.get('en');
    t = 500; // a slow load: still in flight, still shared
    const b = cache.get('en');
    pending[0]?.resolve('v');
    expect(await Promise.all([a, b])).toEqual(['v', 'v']);
    t = 599;
    await cache.get('en');
    expect(calls).toHaveLength(1);
  });

  it('keeps no failure: everyone waiting sees it, the next get loads again', async () => {
    const { calls, pending, load } = gatedLoad();
    const cache = createTtlCache({ ttlMs: 1000, load, now: () => 0 });
    const a = cache.get('en');
    const b = cache.get('en');
    pending[0]?.reject(new Error('database down'));
    await expect(a).rejects.toThrow('database down');
    await expect(b).rejects.toThrow('database down');
    const c = cache.get('en');
    expect(calls).toHaveLength(2);
    pending[1]?.resolve('ok');
    expect(await c).toBe('ok');
  });

  it('with ttlMs 0 loads on every get', async () => {
    let n = 0;
    const cache = createTtlCache({ ttlMs: 0, load: (k: string) => Promise.resolve(`${k}-${++n}`), now: () => 0 });
    expect(await Promise.all([cache.get('en'), cache.get('en')])).toEqual(['en-1', 'en-2']);
  });
});

describe('createTtlCache: content changes', () => {
  it('clear() forgets every key, and a load in flight at the time is not kept', async () => {
    const { calls, pending, load } = gatedLoad();
    const cache = createTtlCache({ ttlMs: 1000, load, now: () => 0 });
    const a = cache.get('en');
    cache.clear();
    const b = cache.get('en');
    expect(calls).toEqual(['en', 'en']);
    pending[0]?.resolve('old');
    pending[1]?.resolve('new');
    expect(await a).toBe('old');
    expect(await b).toBe('new');
    expect(await cache.get('en')).toBe('new');
    expect(calls).toHaveLength(2);
    cache.clear();
    void cache.get('en');
    expect(calls).toHaveLength(3);
  });

  it('until(value) ends a value before its time to live', async () => {
    let t = 0;
    let n = 0;
    const cache = createTtlCache({
      ttlMs: 1000,
      load: (k: string) => Promise.resolve({ v: `${k}-${++n}`, next: 300 }),
      until: (value) => value.next,
      now: () => t,
    });
    expect((await cache.get('en')).v).toBe('en-1');
    t = 299;
    expect((await cache.get('en')).v).toBe('en-1');
    t = 300;
    expect((await cache.get('en')).v).toBe('en-2');
  });
});
