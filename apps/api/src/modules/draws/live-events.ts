import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/database.ts';
import type { PeriodEvent, PeriodEventBus } from './events.ts';
import * as periods from './periods.service.ts';

/**
 * The live streams' fan-out (GET /api/game/events). One subscription to the period bus serves every open stream of
 * this instance: each event's payload is read from the database once, serialised once, and the same bytes are
 * written to every stream that watches its game — so a draw costs the same queries with one viewer or thousands.
 *
 * Events are handled one after another, in the order the bus delivered them; a new stream's `period` frames (the
 * current state of each of its games) go through the same queue, so nothing read before them is sent after them,
 * and it gets every event that arrived after it subscribed. Those frames are per connection but come from a short
 * cache (PERIOD_CACHE_MS, dropped at every event of the game), so a crowd reconnecting at once costs a few queries.
 */
export type LiveEvents = {
  /**
   * Adds a stream watching `games`: writes `time` at once, then each game's `period`, then every later event of its
   * games. Resolves (once the bus listens) to the stream's removal.
   */
  subscribe(games: readonly number[], write: (frame: Buffer) => void): Promise<() => void>;
  /** Open streams. */
  streams(): number;
  /** Resolves once every event and connect received so far has been written (tests). */
  idle(): Promise<void>;
  close(): void;
};

type Log = { warn: (obj: object, msg: string) => void };

/** A `period` frame read this recently is sent as is to a stream that connects. */
export const PERIOD_CACHE_MS = 1000;

/** One Server-Sent Events frame, encoded once for every stream it goes to. */
export function sseFrame(event: string, data: unknown): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

type Stream = { games: readonly number[]; write: (frame: Buffer) => void; live: boolean };

export function liveEvents(opts: {
  db: Db;
  bus: PeriodEventBus;
  log: Log;
  /** The `time` heartbeat's interval; one timer beats for every stream. */
  heartbeatMs: number;
  /** The app's clock (app.clock): the `time` and `seal` frames' server_time, the current period. */
  clock: () => Date;
  /** Streams written to in one go before the fan-out yields to the event loop (SSE_FANOUT_CHUNK); 0 = all. */
  chunk?: number;
}): LiveEvents {
  const chunk = opts.chunk ?? 0;
  const { db, bus, log } = opts;
  const { clock } = opts;
  const byGame = new Map<number, Set<Stream>>();
  const all = new Set<Stream>();
  const periodCache = new Map<number, { frame: Buffer; at: number }>();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribeBus: Promise<() => void> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((err: unknown) => log.warn({ err }, 'live event failed'));
  };

  // One stream's failure must not keep the frame from the others.
  const writeTo = (s: Stream, frame: Buffer) => {
    try {
      s.write(frame);
    } catch (err) {
      log.warn({ err }, 'live stream write failed');
    }
  };
  /**
   * Writes `frame` to every live stream of the game, `chunk` streams at a time: between two chunks the event loop
   * runs (setImmediate), so ten thousand writes never hold it in one go — connects are accepted and other sockets
   * flushed meanwhile. The streams are those watching when it starts; the next event waits for the last chunk.
   */
  const writeAll = async (streams: Set<Stream>, frame: Buffer, liveOnly: boolean) => {
    // A copy when it yields: streams that come or go meanwhile do not move the iteration.
    const targets = chunk > 0 && streams.size > chunk ? [...streams] : streams;
    let n = 0;
    for (const s of targets) {
      if (chunk > 0 && n > 0 && n % chunk === 0) await new Promise((r) => setImmediate(r));
      n += 1;
      if ((s.live || !liveOnly) && all.has(s)) writeTo(s, frame);
    }
  };
  const broadcast = async (gameId: number, frame: Buffer) => {
    const watching = byGame.get(gameId);
    if (watching) await writeAll(watching, frame, true);
  };

  const currentFrame = async (gameId: number, event: 'period' | 'next') => {
    const data = await periods.currentGame(db, gameId, clock());
    const period = sseFrame('period', data);
    periodCache.set(gameId, { frame: period, at: performance.now() });
    return event === 'period' ? period : sseFrame('next', data);
  };

  const handle = async (e: PeriodEvent) => {
    periodCache.delete(e.game_id);
    // Nobody watches this game here: nothing to read.
    if (e.kind === 'created' || !byGame.get(e.game_id)?.size) return;
    const gameId = e.game_id;
    if (e.kind === 'seal') {
      await broadcast(gameId, sseFrame('seal', { games_id: gameId, issue: e.issue, server_time: clock().getTime() }));
    } else if (e.kind === 'settled') {
      // The period's bets are settled and paid: clients refresh wallets and bet lists.
      await broadcast(gameId, sseFrame('settled', { games_id: gameId, issue: e.issue }));
    } else if (e.kind === 'result') {
      const record = await periods.verifyPeriod(db, gameId, e.issue);
      await broadcast(
        gameId,
        sseFrame('result', {
          games_id: gameId,
          issue: record.issue,
          result: record.result,
          ...periods.resultZodiac(record.family, record.issue, record.result ?? []),
          seed: record.seed,
          commitment: record.commitment,
          algorithm: record.algorithm,
          draw_at: record.draw_at,
        }),
      );
      await broadcast(gameId, await currentFrame(gameId, 'next'));
    } else {
      await broadcast(gameId, await currentFrame(gameId, 'period'));
    }
  };

  const welcome = async (s: Stream) => {
    try {
      for (const gameId of s.games) {
        if (!all.has(s)) return;
        const cached = periodCache.get(gameId);
        const fresh = cached && performance.now() - cached.at < PERIOD_CACHE_MS;
        writeTo(s, fresh ? cached.frame : await currentFrame(gameId, 'period'));
      }
    } finally {
      s.live = true;
    }
  };

  const beat = () => {
    void writeAll(all, sseFrame('time', { server_time: clock().getTime() }), false);
  };

  const remove = (s: Stream) => {
    if (!all.delete(s)) return;
    for (const gameId of s.games) {
      const set = byGame.get(gameId);
      set?.delete(s);
      if (set?.size === 0) byGame.delete(gameId);
    }
    if (all.size > 0) return;
    // The last stream left: stop listening (and beating) until the next one comes.
    clearInterval(heartbeat);
    heartbeat = undefined;
    const unsubscribe = unsubscribeBus;
    unsubscribeBus = undefined;
    void unsubscribe?.then((off) => off()).catch(() => undefined);
  };

  return {
    async subscribe(games, write) {
      // The bus is listened to once, while any stream is open (the last one leaving may have dropped it meanwhile).
      for (;;) {
        if (!unsubscribeBus) {
          const subscribing = bus.subscribe((e) => enqueue(() => handle(e)));
          unsubscribeBus = subscribing;
          subscribing.catch(() => {
            if (unsubscribeBus === subscribing) unsubscribeBus = undefined;
          });
        }
        const listening = unsubscribeBus;
        await listening;
        if (unsubscribeBus === listening) break;
      }
      const s: Stream = { games, write, live: false };
      all.add(s);
      for (const gameId of games) {
        let set = byGame.get(gameId);
        if (!set) byGame.set(gameId, (set = new Set()));
        set.add(s);
      }
      heartbeat ??= setInterval(beat, opts.heartbeatMs);
      write(sseFrame('time', { server_time: clock().getTime() }));
      enqueue(() => welcome(s));
      return () => remove(s);
    },
    streams: () => all.size,
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },
    close() {
      for (const s of [...all]) remove(s);
    },
  };
}
