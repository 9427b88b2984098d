import { embeddedListen } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { pgListener } from '../../db/pg-listen.ts';
import { activeSessionIds } from './live.repository.ts';

/**
 * The member streams' fan-out (GET /api/user/events). Migration 0026's triggers announce on MEMBER_CHANNEL, once
 * the change commits, which player's inbox or support conversations changed (`u`, 0 for every player: a broadcast),
 * what (`k`: msg or support) and which conversation (`c`). Each API instance listens on one dedicated connection
 * (PostgreSQL) or on the embedded database (PGlite), from the first stream on, and writes the event to the open
 * streams of that player only. A frame says what to read again, never what it says: the client reads it through
 * the ordinary calls, which check who may read what.
 *
 * Frames: `ready` when the stream opens and `resync` after the listening connection came back (notifications may
 * have been missed meanwhile: read everything again), `msg` (the inbox or its unread count changed), `support`
 * (`{id}`: that conversation has a new message or was closed), `ping` every HEARTBEAT_MS. At each beat, one query
 * finds the streams whose session was revoked (a logout) or expired, and those end.
 */
export const MEMBER_CHANNEL = 'fd_member_events';

/** A `ping` this often keeps proxies from closing an idle stream. */
export const MEMBER_HEARTBEAT_MS = 15_000;

/** One Server-Sent Events frame. */
function sseFrame(event: string, data: unknown): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export type MemberEvent = { u: number; k: 'msg' | 'support'; c?: number };

export type MemberStreams = {
  /**
   * Adds the stream of player `userId` opened with session `sessionId`; writes `ready` once listening. `end` closes
   * it (the session was revoked or expired: see `sweep`). Resolves to the stream's removal.
   */
  subscribe(userId: number, sessionId: number, write: (frame: Buffer) => void, end: () => void): Promise<() => void>;
  /** Ends every stream whose session is no longer active (one query for all; run at each heartbeat). */
  sweep(): Promise<void>;
  /** Open streams of this instance. */
  streams(): number;
  close(): Promise<void>;
};

type Log = { warn: (obj: object, msg: string) => void };
type Stream = { userId: number; sessionId: number; write: (frame: Buffer) => void; end: () => void };

export function parseMemberEvent(payload: string): MemberEvent | undefined {
  try {
    const e = JSON.parse(payload) as Partial<MemberEvent>;
    if (typeof e.u !== 'number' || (e.k !== 'msg' && e.k !== 'support')) return undefined;
    return typeof e.c === 'number' ? { u: e.u, k: e.k, c: e.c } : { u: e.u, k: e.k };
  } catch {
    return undefined;
  }
}

export function memberStreams(opts: {
  db: Db;
  databaseUrl: string | undefined;
  log: Log;
  /** The app's clock (app.clock): whether a session has expired. */
  clock: () => Date;
  heartbeatMs?: number;
}): MemberStreams {
  const { log } = opts;
  const byUser = new Map<number, Set<Stream>>();
  const all = new Set<Stream>();
  let heartbeat: NodeJS.Timeout | undefined;
  let started: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;
  let wasListening = false;

  const writeTo = (s: Stream, frame: Buffer) => {
    try {
      s.write(frame);
    } catch (err) {
      log.warn({ err }, 'member stream write failed');
    }
  };
  const onPayload = (payload: string) => {
    const e = parseMemberEvent(payload);
    if (!e) return;
    const frame = e.k === 'msg' ? sseFrame('msg', {}) : sseFrame('support', { id: e.c ?? null });
    const targets = e.u === 0 ? all : (byUser.get(e.u) ?? []);
    for (const s of targets) writeTo(s, frame);
  };
  const onState = (listening: boolean) => {
    // Back after a drop: whatever was announced meanwhile is lost, so every stream reads everything again.
    if (listening && wasListening === false && stop !== undefined) {
      const frame = sseFrame('resync', {});
      for (const s of all) writeTo(s, frame);
    }
    wasListening = listening;
  };

  const listen = (): Promise<void> => {
    started ??= (async () => {
      if (opts.databaseUrl) {
        const listener = pgListener(opts.databaseUrl, MEMBER_CHANNEL, onPayload, { log, onState });
        await listener.start();
        stop = () => listener.stop();
        wasListening = listener.listening();
      } else {
        const embedded = embeddedListen(opts.db);
        if (!embedded) throw new Error('no way to listen for member events');
        stop = await embedded(MEMBER_CHANNEL, onPayload);
        wasListening = true;
      }
    })().catch((err: unknown) => {
      started = undefined;
      throw err;
    });
    return started;
  };

  const remove = (s: Stream) => {
    if (!all.delete(s)) return;
    const set = byUser.get(s.userId);
    set?.delete(s);
    if (set?.size === 0) byUser.delete(s.userId);
    if (all.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  let sweeping = false;
  const sweep = async () => {
    if (sweeping || all.size === 0) return;
    sweeping = true;
    try {
      const streams = [...all];
      const active = await activeSessionIds(opts.db, [...new Set(streams.map((s) => s.sessionId))], opts.clock());
      for (const s of streams) if (!active.has(s.sessionId)) s.end();
    } catch (err) {
      log.warn({ err }, 'member stream session sweep failed');
    } finally {
      sweeping = false;
    }
  };

  return {
    async subscribe(userId, sessionId, write, end) {
      await listen();
      const s: Stream = { userId, sessionId, write, end };
      all.add(s);
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(s);
      heartbeat ??= setInterval(() => {
        const frame = sseFrame('ping', {});
        for (const x of all) writeTo(x, frame);
        // A logged-out (or expired) session's streams end within one beat.
        void sweep();
      }, opts.heartbeatMs ?? MEMBER_HEARTBEAT_MS);
      write(sseFrame('ready', {}));
      return () => remove(s);
    },
    sweep,
    streams: () => all.size,
    async close() {
      for (const s of [...all]) remove(s);
      const end = stop;
      stop = undefined;
      started = undefined;
      await end?.();
    },
  };
}
