/**
 * A queue that hands its items to `run` in batches: while a batch is being processed, new items wait, and the next
 * batch takes everything that waited (up to `maxBatch`). Under light load a batch is one item and nothing waits for
 * a timer; under heavy load batches grow by themselves, so the work per item (one database transaction, one update
 * of a shared row) is shared by many items. At most `workers` batches run at once.
 *
 * When a batch ends, the next one starts before its items' callers get their answers: those are handed out on the
 * next turn of the event loop (setImmediate). A caller's answer is sent to a client, which takes time on this thread,
 * while the next batch could already be in the database: started first, its statement leaves before those sends, and
 * the database works on it while they are made, instead of waiting for them.
 *
 * With `workers` above one, a further batch starts while another runs only once `startAnotherAt` items wait (1 by
 * default): otherwise the first item to arrive would start one at once, alone, and every batch would pay its fixed
 * cost (a transaction, a round trip) for a handful of items.
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
  options: { maxBatch: number; workers: number; startAnotherAt?: number },
): BatchQueue<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;
  let inFlight = 0;
  let closed = false;
  let idle: (() => void) | undefined;

  const another = Math.max(1, options.startAnotherAt ?? 1);

  function pump(): void {
    while (running < options.workers && waiting.length >= (running === 0 ? 1 : another)) {
      const batch = waiting.splice(0, options.maxBatch);
      running += 1;
      void runBatch(batch).then((answer) => {
        running -= 1;
        pump();
        setImmediate(() => {
          answer();
          inFlight -= batch.length;
          if (inFlight === 0) idle?.();
        });
      });
    }
  }

  /** Runs a batch; resolves with what hands its items their outcomes. */
  async function runBatch(batch: Waiting<I, O>[]): Promise<() => void> {
    try {
      const outcomes = await run(batch.map((w) => w.item));
      return () =>
        batch.forEach((w, i) => {
          const o = outcomes[i];
          if (!o) w.reject(new Error('batch queue: no outcome for an item'));
          else if (o.ok) w.resolve(o.value);
          else w.reject(o.error);
        });
    } catch (error) {
      return () => {
        for (const w of batch) w.reject(error);
      };
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
