import { describe, expect, it } from 'vitest';
import { createBatchQueue } from './batch-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createBatchQueue', () => {
  it('runs the first item at once and batches what arrives meanwhile, up to maxBatch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const queue = createBatchQueue<number, number>(
      async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        return items.map((i) => ({ ok: true as const, value: i * 10 }));
      },
      { maxBatch: 3, workers: 1 },
    );
    const answers = [1, 2, 3, 4, 5, 6].map((i) => queue.submit(i));
    await tick();
    expect(batches).toEqual([[1]]); // 2..6 wait for the running batch
    expect(queue.size()).toBe(6);
    release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(queue.size()).toBe(0);
  });

  it('answers each item with its own outcome, and every item with the error when the batch throws', async () => {
    const queue = createBatchQueue<number, number>(
      (items) => {
        if (items.includes(99)) return Promise.reject(new Error('boom'));
        return Promise.resolve(
          items.map((i) =>
            i % 2 ? { ok: true as const, value: i } : { ok: false as const, error: new Error(`even ${i}`) },
          ),
        );
      },
      { maxBatch: 10, workers: 1 },
    );
    const results = await Promise.allSettled([queue.submit(1), queue.submit(2), queue.submit(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'even 2',
      3,
    ]);
    await expect(queue.submit(99)).rejects.toThrow('boom');
  });

  it('starts the next batch before the callers of the last one get their answers', async () => {
    const events: string[] = [];
    const queue = createBatchQueue<string, string>(
      (items) => {
        events.push(`run ${items.join(',')}`);
        return Promise.resolve(items.map((i) => ({ ok: true as const, value: i })));
      },
      { maxBatch: 1, workers: 1 },
    );
    await Promise.all(['a', 'b'].map((i) => queue.submit(i).then((v) => events.push(`answer ${v}`))));
    expect(events).toEqual(['run a', 'run b', 'answer a', 'answer b']);
  });

  it('runs at most `workers` batches at once', async () => {
    let running = 0;
    let most = 0;
    const queue = createBatchQueue<number, number>(
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return items.map((i) => ({ ok: true as const, value: i }));
      },
      { maxBatch: 1, workers: 2 },
    );
    await Promise.all(Array.from({ length: 7 }, (_, i) => queue.submit(i)));
    expect(most).toBe(2);
  });

  it('starts another batch while one runs only once `startAnotherAt` items wait', async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const queue = createBatchQueue<number, number>(
      async (items) => {
        batches.push([...items]);
        await new Promise<void>((r) => releases.push(r));
        return items.map((i) => ({ ok: true as const, value: i }));
      },
      { maxBatch: 10, workers: 2, startAnotherAt: 3 },
    );
    const answers = [queue.submit(1), queue.submit(2), queue.submit(3)];
    await tick();
    expect(batches).toEqual([[1]]); // 2 and 3 wait: fewer than 3
    answers.push(queue.submit(4));
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]); // the third waiting item starts the second batch
    answers.push(queue.submit(5), queue.submit(6));
    await tick();
    expect(batches).toHaveLength(2); // both workers busy
    releases[0]?.();
    await tick();
    expect(batches).toHaveLength(2); // one batch still runs: 5 and 6 are still fewer than 3
    releases[1]?.();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]); // none runs: what waits goes, however few
    releases[2]?.();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('close waits for what was submitted and refuses new items', async () => {
    const done: number[] = [];
    const queue = createBatchQueue<number, number>(
      async (items) => {
        await tick();
        done.push(...items);
        return items.map((i) => ({ ok: true as const, value: i }));
      },
      { maxBatch: 2, workers: 1 },
    );
    const pending = [queue.submit(1), queue.submit(2), queue.submit(3)];
    await queue.close();
    expect(done).toEqual([1, 2, 3]);
    await Promise.all(pending);
    await expect(queue.submit(4)).rejects.toThrow('closed');
  });
});
