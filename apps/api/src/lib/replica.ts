import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { primaryFlushPosition, replayPosition } from '../db/wal-position.ts';
import { AppError } from './app-error.ts';
import type { SharedStore } from './shared-store.ts';

/**
 * The read replica (DATABASE_REPLICA_URL; docs/scaling.md, "The read replica"): the reads that may lag — draw history,
 * trends, lists, reports — go to a streaming replica of the primary; every other read and every write go to the
 * primary.
 *
 * Read-your-writes: after each write request of a signed-in user, the primary's flushed WAL position is remembered for
 * that user (in Redis when REDIS_URL is set, so every instance knows it; in this instance's memory as well), before the
 * answer leaves. That user's lagging read goes to the replica only once the replica has replayed at least that far,
 * else to the primary: whoever wrote never sees the replica without his write, on any instance.
 *
 * Lag: a probe every PROBE_INTERVAL_MS samples the primary's flushed position (with the app's clock) and the replica's
 * replayed one. The lag is how long ago the oldest sample the replica has not replayed was taken (0 when it has
 * replayed them all). While the replica cannot be reached, is not a replica, or lags by REPLICA_MAX_LAG_MS or more,
 * every read goes to the primary.
 */

/** none: no replica configured; in-use: it serves the reads that may lag; lagging, down: the primary serves them. */
export type ReplicaState = 'none' | 'in-use' | 'lagging' | 'down';

/** Which server answered a read. */
export type ReadTarget = 'replica' | 'primary';

export const PROBE_INTERVAL_MS = 1000;
/** A probe, or a look at the replica's position for one read, longer than this counts as the replica being down. */
export const PROBE_TIMEOUT_MS = 1000;
/** Unreplayed samples kept at most (an hour of probes): beyond, the second oldest goes, the oldest stays for the lag. */
const MAX_SAMPLES = 3600;

/**
 * Where each user's last write stands in the primary's WAL. `get` throws when it cannot know (the shared store is
 * configured but away): the caller then reads from the primary.
 */
export type WritePositions = {
  raise(userId: number, position: bigint): Promise<void>;
  get(userId: number): Promise<bigint | undefined>;
  /** Forgets this instance's positions whose time is past (the probe calls it). */
  prune(): void;
};

/** A position as sixteen hex digits, so that Redis compares two by their halves (Lua's numbers are doubles). */
export function positionKey(position: bigint): string {
  return position.toString(16).toUpperCase().padStart(16, '0');
}

/** Sets KEYS[1] to ARGV[1] unless it holds a later position; either way it lives ARGV[2] ms more. */
const RAISE_SCRIPT = `
local cur = redis.call('GET', KEYS[1])
local function later(a, b)
  local ah, bh = tonumber(string.sub(a, 1, 8), 16), tonumber(string.sub(b, 1, 8), 16)
  if ah ~= bh then return ah > bh end
  return tonumber(string.sub(a, 9, 16), 16) > tonumber(string.sub(b, 9, 16), 16)
end
if cur and string.len(cur) == 16 and not later(ARGV[1], cur) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
else
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
`;

/**
 * This instance's memory, and the shared store when one is configured. A position is kept `ttlMs` after the user's
 * last write (by the app's clock here, Redis's own in Redis): long past the lag a replica in use may have.
 */
export function writePositions(store: SharedStore, ttlMs: number, now: () => number): WritePositions {
  const local = new Map<number, { position: bigint; until: number }>();
  const key = (userId: number) => `${store.prefix}replica-position:${userId}`;
  const localGet = (userId: number) => {
    const kept = local.get(userId);
    return kept && kept.until > now() ? kept.position : undefined;
  };
  return {
    async raise(userId, position) {
      const kept = localGet(userId);
      local.set(userId, { position: kept !== undefined && kept > position ? kept : position, until: now() + ttlMs });
      // Redis away (its outage is logged once by the store): every instance that sees it away reads this user's
      // lists from the primary; the position is kept here.
      if (!store.configured || !store.redis || !store.available()) return;
      try {
        await store.redis.eval(RAISE_SCRIPT, 1, key(userId), positionKey(position), String(ttlMs));
      } catch (err) {
        store.failed(err);
        throw err;
      }
    },
    async get(userId) {
      const mine = localGet(userId);
      if (!store.configured) return mine;
      if (!store.redis || !store.available()) throw new Error('Redis unavailable');
      let text: string | null;
      try {
        text = await store.redis.get(key(userId));
      } catch (err) {
        store.failed(err);
        throw err;
      }
      const shared = text && /^[0-9A-F]{16}$/.test(text) ? BigInt(`0x${text}`) : undefined;
      if (shared === undefined) return mine;
      return mine !== undefined && mine > shared ? mine : shared;
    },
    prune() {
      const t = now();
      for (const [userId, kept] of local) if (kept.until <= t) local.delete(userId);
    },
  };
}

/** The lag the samples say at `at`: since the oldest sample not replayed, 0 when every one is. */
export function lagOf(samples: readonly { at: number; position: bigint }[], replayed: bigint, at: number): number {
  const oldest = samples.find((s) => s.position > replayed);
  return oldest ? Math.max(0, at - oldest.at) : 0;
}

export type Replica = {
  state(): ReplicaState;
  /** The lag the last probe measured, ms; null before the first probe answered or without a replica. */
  lagMs(): number | null;
  /** Measures the lag now (the timer does it every PROBE_INTERVAL_MS; tests call it). */
  probe(): Promise<void>;
  /** Runs `read` on the server the user's read may go to (no user: a public read); on the replica's failure, again on the primary. */
  read<T>(userId: number | undefined, read: (db: Db) => Promise<T>): Promise<T>;
  /** Where the read of `userId` would go now (tests, and read). */
  targetFor(userId: number | undefined): Promise<ReadTarget>;
  /** A write request of `userId` has committed: remember where the primary's WAL stands for him. */
  wrote(userId: number): Promise<void>;
  start(): void;
  stop(): void;
};

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/** No replica: every read on the primary, nothing remembered. */
export function noReplica(primary: Db): Replica {
  return {
    state: () => 'none',
    lagMs: () => null,
    probe: () => Promise.resolve(),
    read: (_userId, read) => read(primary),
    targetFor: () => Promise.resolve('primary'),
    wrote: () => Promise.resolve(),
    start: () => undefined,
    stop: () => undefined,
  };
}

export function createReplica(opts: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  /** The app's clock, ms. */
  now: () => number;
  positions: WritePositions;
  log: FastifyBaseLogger;
  /** Told which server answered each read. */
  onRead?: (target: ReadTarget) => void;
}): Replica {
  const { primary, replica, positions, log } = opts;
  // Down until the first probe answers: nothing is read from a replica not yet seen.
  let state: ReplicaState = 'down';
  let lag: number | null = null;
  /** The furthest position the replica is known to have replayed (it only grows). */
  let replayed = -1n;
  /** The primary's positions not yet replayed, oldest first, each with the instant it was sampled. */
  const samples: { at: number; position: bigint }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let probing: Promise<void> | undefined;

  /** Whether a probe has answered yet: its first outcome is logged whatever it is, then only the changes. */
  let reported = false;
  const become = (next: ReplicaState, detail: Record<string, unknown>) => {
    if (next === state && reported) return;
    reported = true;
    const was = state;
    state = next;
    if (next === 'in-use') log.info({ replica: next, was, ...detail }, 'read replica in use');
    else log.warn({ replica: next, was, ...detail }, 'read replica not in use: reads that may lag go to the primary');
  };

  async function probeOnce(): Promise<void> {
    positions.prune();
    let position: bigint;
    try {
      position = await withTimeout(primaryFlushPosition(primary), PROBE_TIMEOUT_MS, 'primary');
    } catch (err) {
      // Without the primary there is nothing to compare with; readiness says the rest.
      log.debug({ err }, 'replica probe: primary unavailable');
      return;
    }
    const at = opts.now();
    const last = samples.at(-1);
    if (!last || position > last.position) samples.push({ at, position });
    if (samples.length > MAX_SAMPLES) samples.splice(1, 1);
    let replay: bigint | null;
    try {
      replay = await withTimeout(replayPosition(replica), PROBE_TIMEOUT_MS, 'replica');
    } catch (err) {
      lag = null;
      become('down', { err: String(err) });
      return;
    }
    if (replay === null) {
      lag = null;
      become('down', { why: 'DATABASE_REPLICA_URL is not a replica (not in recovery)' });
      return;
    }
    if (replay > replayed) replayed = replay;
    const now = opts.now();
    lag = lagOf(samples, replayed, now);
    while (samples.length > 0 && samples[0]!.position <= replayed) samples.shift();
    become(lag >= opts.maxLagMs ? 'lagging' : 'in-use', { lagMs: lag });
  }

  /** Whether the replica has replayed `position`: from what is known, else asked once now. */
  async function hasReplayed(position: bigint): Promise<boolean> {
    if (position <= replayed) return true;
    const replay = await withTimeout(replayPosition(replica), PROBE_TIMEOUT_MS, 'replica');
    if (replay !== null && replay > replayed) replayed = replay;
    return position <= replayed;
  }

  async function targetFor(userId: number | undefined): Promise<ReadTarget> {
    if (state !== 'in-use') return 'primary';
    if (userId === undefined) return 'replica';
    try {
      const position = await positions.get(userId);
      if (position === undefined) return 'replica';
      return (await hasReplayed(position)) ? 'replica' : 'primary';
    } catch (err) {
      // Not knowing where the user's last write stands, or where the replica is: the primary is never stale.
      log.debug({ err }, 'read-your-writes check failed: reading from the primary');
      return 'primary';
    }
  }

  // Writes finishing together share one look at the primary's position: each joins only a look not yet begun, which
  // therefore begins after its commit.
  let next: Promise<bigint> | undefined;
  const currentPosition = (): Promise<bigint> => {
    if (!next) {
      next = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next = undefined;
        return primaryFlushPosition(primary);
      });
    }
    return next;
  };

  const probe = (): Promise<void> => {
    // One probe at a time: the timer's and a test's share it.
    probing ??= probeOnce().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  return {
    state: () => state,
    lagMs: () => lag,
    probe,
    targetFor,
    async read(userId, read) {
      const target = await targetFor(userId);
      if (target === 'primary') {
        opts.onRead?.('primary');
        return read(primary);
      }
      try {
        const answer = await read(replica);
        opts.onRead?.('replica');
        return answer;
      } catch (err) {
        // An answer the replica's data gives (an unknown game, a bad range) is the answer; a failure of the replica
        // (gone, a query cancelled by replay) is retried where it cannot happen.
        if (err instanceof AppError) throw err;
        log.warn({ err }, 'read on the replica failed: read again from the primary');
        opts.onRead?.('primary');
        return read(primary);
      }
    },
    async wrote(userId) {
      await positions.raise(userId, await currentPosition());
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
