/**
 * A queue that hands its items to `run` in batches: while a batch is being processed, new items wait, and the next
 * batch takes everything that waited (up to `maxBatch`). Under light load a batch is one item and nothing waits for
 * a timer; under heavy load batches grow by themselves, so the work per item (one database transaction, one update
 * of a shared row) is shared by many items. At most `workers` batches run at once.
 *
 * `run` answers one outcome per item, in order: the value for the item's caller, or the error it should get.
 *
 *   const queue = createBatchQueue(async (slips) => commitSlips(db, slips), { maxBatch: 200, workers: 1 });
 *   const answer = await queue.submit(slip);
 *   await queue.close(); // on shutdown: waits for what was submitted
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export type BatchQueue<I, O> = {
  submit(item: I): Promise<O>;
  /** Refuses new items and resolves once every submitted item has its answer. */
  close(): Promise<void>;
  /** Items waiting plus items in running batches. */
  size(): number;
};

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

export function createBatchQueue<I, O>(
  run: (batch: readonly I[]) => Promise<readonly Outcome<O>[]>,
  options: { maxBatch: number; workers: number },
): BatchQueue<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;
  let inFlight = 0;
  let closed = false;
  let idle: (() => void) | undefined;

  function pump(): void {
    while (running < options.workers && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxBatch);
      running += 1;
      void runBatch(batch).finally(() => {
        running -= 1;
        inFlight -= batch.length;
        if (inFlight === 0) idle?.();
        pump();
      });
    }
  }

  async function runBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const o = outcomes[i];
        if (!o) w.reject(new Error('batch queue: no outcome for an item'));
        else if (o.ok) w.resolve(o.value);
        else w.reject(o.error);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  return {
    submit(item) {
      if (closed) return Promise.reject(new Error('batch queue closed'));
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        inFlight += 1;
        pump();
      });
    },
    close() {
      closed = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idle = resolve;
      });
    },
    size: () => inFlight,
  };
}
