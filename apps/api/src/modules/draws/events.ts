import { EventEmitter } from 'node:events';
import type { Db } from '../../db/database.ts';
import { notify, pgListener } from '../../db/pg-listen.ts';

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
  /** How many listeners are subscribed in this process (the live streams' fan-out is one, while any stream is open). */
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
 * instance LISTENs on one dedicated connection (db/pg-listen.ts), opened at the first subscriber and re-opened if
 * it drops, and fans the events out in process. Notifications are delivered only after the notifying transaction commits.
 */
export function postgresBus(databaseUrl: string, log: { warn: (obj: object, msg: string) => void }): PeriodEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = pgListener(
    databaseUrl,
    PERIOD_CHANNEL,
    (payload) => {
      try {
        emitter.emit('event', JSON.parse(payload) as PeriodEvent);
      } catch {
        // not ours
      }
    },
    { log },
  );

  return {
    async publish(db, events) {
      const payloads = events.map((e) => JSON.stringify(e));
      await notify(db, PERIOD_CHANNEL, payloads);
    },
    async subscribe(fn) {
      emitter.on('event', fn);
      await listener.start();
      return () => emitter.off('event', fn);
    },
    listenerCount: () => emitter.listenerCount('event'),
    async close() {
      emitter.removeAllListeners();
      await listener.stop();
    },
  };
}
