import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@fairdraw/contract';
import { publicRead } from './public-read.ts';

/** A reply that keeps what was sent. */
function reply() {
  const r = {
    body: '',
    type: () => r,
    send: (b: string) => {
      r.body = b;
      return r;
    },
  };
  return r;
}
const sent = async (read: { send: (reply: FastifyReply, key: string) => Promise<FastifyReply> }, key: string) => {
  const r = reply();
  await read.send(r as unknown as FastifyReply, key);
  return JSON.parse(r.body) as { code: number; data: { key: string; n: number; server_time?: number } };
};

/** Lets a reload started in the background finish (its load waits a microtask, the cache a few more). */
const reloaded = () => new Promise((resolve) => setImmediate(resolve));

function setup(opts: { ttlMs?: number; until?: number | null; stamp?: boolean; max?: number } = {}) {
  let now = 1_000_000;
  let loads = 0;
  const read = publicRead<string>({
    response: envelope(
      opts.stamp
        ? z.object({ key: z.string(), n: z.number(), server_time: z.number() })
        : z.object({ key: z.string(), n: z.number() }),
    ),
    method: 'GET',
    url: '/api/test',
    ttlMs: opts.ttlMs ?? 1000,
    now: () => now,
    keyOf: (k) => k,
    max: opts.max,
    stamp: opts.stamp ? 'server_time' : undefined,
    load: async (key) => {
      loads += 1;
      await Promise.resolve();
      if (key === 'missing') throw new Error('no such game');
      return { data: { key, n: loads, ...(opts.stamp ? { server_time: 0 } : {}) }, until: opts.until ?? null };
    },
  });
  return { read, loads: () => loads, advance: (ms: number) => (now += ms), now: () => now };
}

describe('a public read kept for a moment', () => {
  it('loads once for a key, answers the same bytes until its time to live has passed on its clock', async () => {
    const s = setup();
    expect((await sent(s.read, 'a')).data).toEqual({ key: 'a', n: 1 });
    s.advance(1000);
    expect((await sent(s.read, 'a')).data.n).toBe(1);
    expect((await sent(s.read, 'b')).data).toEqual({ key: 'b', n: 2 });
    s.advance(1);
    // Past its time to live: the kept answer goes once more while the reload runs, the new one after.
    expect((await sent(s.read, 'a')).data.n).toBe(1);
    expect(s.loads()).toBe(3);
    await reloaded();
    expect((await sent(s.read, 'a')).data.n).toBe(3);
    expect(s.loads()).toBe(3);
  });

  it('does not send an answer twice its time to live old: the request waits for a new one', async () => {
    const s = setup();
    expect((await sent(s.read, 'a')).data.n).toBe(1);
    s.advance(2000);
    expect((await sent(s.read, 'a')).data.n).toBe(2);
  });

  it('ends a kept answer early at its next change, and at once when cleared', async () => {
    const s = setup({ until: 1_000_300 });
    expect((await sent(s.read, 'a')).data.n).toBe(1);
    s.advance(299);
    expect((await sent(s.read, 'a')).data.n).toBe(1);
    s.advance(1);
    expect((await sent(s.read, 'a')).data.n).toBe(2);
    s.read.clear();
    expect((await sent(s.read, 'a')).data.n).toBe(3);
  });

  it('shares one load among requests that miss together; a failed load is not kept', async () => {
    const s = setup();
    const all = await Promise.all(Array.from({ length: 20 }, () => sent(s.read, 'a')));
    expect(new Set(all.map((a) => a.data.n))).toEqual(new Set([1]));
    expect(s.loads()).toBe(1);
    await expect(sent(s.read, 'missing')).rejects.toThrow('no such game');
    await expect(sent(s.read, 'missing')).rejects.toThrow('no such game');
    expect(s.loads()).toBe(3);
  });

  it('writes the stamped field at each send, not kept', async () => {
    const s = setup({ stamp: true });
    expect((await sent(s.read, 'a')).data).toEqual({ key: 'a', n: 1, server_time: s.now() });
    s.advance(500);
    expect((await sent(s.read, 'a')).data).toEqual({ key: 'a', n: 1, server_time: s.now() });
  });

  it('holds at most `max` keys, however many callers invent', async () => {
    const s = setup({ max: 2 });
    for (const k of ['a', 'b', 'c']) await sent(s.read, k);
    expect(s.loads()).toBe(3);
    await sent(s.read, 'c');
    expect(s.loads()).toBe(3);
    await sent(s.read, 'a');
    expect(s.loads()).toBe(4);
  });

  it('a load in flight when its key is evicted by invented keys still answers those who asked', async () => {
    const s = setup({ max: 2 });
    const first = sent(s.read, 'a');
    const others = ['b', 'c', 'd'].map((k) => sent(s.read, k));
    expect((await first).data.key).toBe('a');
    await Promise.all(others);
  });

  it('with a time to live of 0 loads every time, and keeps nothing to peek at', async () => {
    const s = setup({ ttlMs: 0 });
    await sent(s.read, 'a');
    await sent(s.read, 'a');
    expect(s.loads()).toBe(2);
    expect(s.read.peeker('a')()).toBeUndefined();
  });

  it('a load in flight when cleared answers those who asked before, and is not kept', async () => {
    const s = setup();
    const before = sent(s.read, 'a');
    s.read.clear();
    expect((await before).data.n).toBe(1);
    expect((await sent(s.read, 'a')).data.n).toBe(2);
  });

  it('a peek gives the kept bytes while they are the answer, and loads only past the time to live', async () => {
    const s = setup({ until: 1_000_600, stamp: true });
    const peek = s.read.peeker('a');
    expect(peek()).toBeUndefined();
    expect(s.loads()).toBe(0);
    await sent(s.read, 'a');
    s.advance(10);
    const peeked = JSON.parse(String(peek())) as { data: { n: number; server_time: number } };
    expect(peeked.data).toEqual({ key: 'a', n: 1, server_time: s.now() });
    // Past its next change, and after a clear, there is nothing to peek at until a request loads it again.
    s.advance(590);
    expect(peek()).toBeUndefined();
    await sent(s.read, 'a');
    expect(peek()).toBeDefined();
    s.read.clear();
    expect(peek()).toBeUndefined();
    // Past its time to live: the kept bytes still, and one reload started however many peek meanwhile.
    const peekedN = () => (JSON.parse(String(peek())) as { data: { n: number } }).data.n;
    await sent(s.read, 'a');
    s.advance(1001);
    expect(peekedN()).toBe(3);
    expect(peekedN()).toBe(3);
    expect(s.loads()).toBe(4);
    await reloaded();
    expect(peekedN()).toBe(4);
    // Twice its time to live old: nothing to peek at.
    s.advance(2000);
    expect(peek()).toBeUndefined();
    expect(s.loads()).toBe(4);
  });

  it('a peek remembers the answer it found fresh only while the cache holds it', async () => {
    const s = setup({ max: 1 });
    const peek = s.read.peeker('a');
    const again = s.read.peeker('a');
    await sent(s.read, 'a');
    expect(peek()).toBeDefined();
    s.advance(500);
    expect((JSON.parse(String(again())) as { data: { n: number } }).data.n).toBe(1);
    // 'b' takes the cache's only place: the looks at 'a' let its answer go with it (they never hold more than the
    // cache does), and the next request for 'a' goes the whole way and loads it.
    await sent(s.read, 'b');
    expect(peek()).toBeUndefined();
    expect(again()).toBeUndefined();
    expect(s.loads()).toBe(2);
    expect((await sent(s.read, 'a')).data.n).toBe(3);
    expect((JSON.parse(String(peek())) as { data: { n: number } }).data.n).toBe(3);
    // Replaced by its reload past the time to live, the old answer is let go too: the looks give the new one.
    s.advance(1001);
    expect((JSON.parse(String(peek())) as { data: { n: number } }).data.n).toBe(3);
    await reloaded();
    expect((JSON.parse(String(again())) as { data: { n: number } }).data.n).toBe(4);
    expect((JSON.parse(String(peek())) as { data: { n: number } }).data.n).toBe(4);
  });
});
