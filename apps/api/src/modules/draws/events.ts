import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';

/**
 * What the scheduler announces after each transition ('settled': the period's bets are settled and paid, sent by
 * the settle loop once the settlement committed); listeners re-read what they need from the database.
 */
export type PeriodEvent = {
  readonly kind: 'created' | 'open' | 'seal' | 'result' | 'settled';
  readonly game_id: number;
  readonly period_id: number;
  readonly issue: string;
};

/** The PostgreSQL channel of period events (LISTEN/NOTIFY fans them out to every API instance). */
export const PERIOD_CHANNEL = 'fd_periods';

export interface PeriodEventBus {
  /** Announces events to every instance (PostgreSQL NOTIFY) or to this process (PGlite). */
  publish(db: Db, events: readonly PeriodEvent[]): Promise<void>;
  /** Calls `listener` for each event; resolves (once listening) to the unsubscribe function. */
  subscribe(listener: (event: PeriodEvent) => void): Promise<() => void>;
  close(): Promise<void>;
  /** How many listeners are subscribed in this process (SSE streams). */
  listenerCount(): number;
}

/** PGlite (one process): an in-process EventEmitter. */
export function localBus(): PeriodEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(_db, events) {
      for (const e of events) emitter.emit('event', e);
      return Promise.resolve();
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return Promise.resolve(() => emitter.off('event', listener));
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
    listenerCount: () => emitter.listenerCount('event'),
  };
}

/**
 * PostgreSQL: publish is NOTIFY on PERIOD_CHANNEL (from whichever instance holds the scheduler lock); each
 * instance LISTENs on one dedicated connection, opened at the first subscriber and re-opened if it drops, and fans
 * the events out in process. Notifications are delivered only after the notifying transaction commits.
 */
export function postgresBus(databaseUrl: string, log: { warn: (obj: object, msg: string) => void }): PeriodEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<void> => {
    if (client || connecting || closed) return connecting ?? Promise.resolve();
    const c = new pg.Client({ connectionString: databaseUrl });
    connecting = (async () => {
      try {
        c.on('notification', (msg) => {
          if (msg.channel !== PERIOD_CHANNEL || !msg.payload) return;
          try {
            emitter.emit('event', JSON.parse(msg.payload) as PeriodEvent);
          } catch {
            // not ours
          }
        });
        c.on('error', (err) => {
          log.warn({ err }, 'period events connection lost');
          client = undefined;
          void c.end().catch(() => undefined);
          if (!closed && emitter.listenerCount('event') > 0) retry = setTimeout(() => void connect(), 1000);
        });
        await c.connect();
        await c.query(`listen ${PERIOD_CHANNEL}`);
        if (closed) {
          await c.end();
          return;
        }
        client = c;
      } catch (err) {
        log.warn({ err }, 'cannot listen for period events');
        await c.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect(), 1000);
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    async publish(db, events) {
      for (const e of events) await sql`select pg_notify(${PERIOD_CHANNEL}, ${JSON.stringify(e)})`.execute(db);
    },
    async subscribe(listener) {
      emitter.on('event', listener);
      await connect();
      return () => emitter.off('event', listener);
    },
    listenerCount: () => emitter.listenerCount('event'),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      await connecting;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
