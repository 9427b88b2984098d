import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database.ts';

/**
 * LISTEN/NOTIFY on PostgreSQL. LISTEN on one channel over a dedicated connection (notifications arrive only on the connection that
 * listens, never on pooled ones), re-opened a second after it drops. `onState` is told whenever the connection
 * starts or stops listening: whoever trusts notifications to keep something fresh must stop trusting them while
 * they may be missed.
 *
 *   const listener = pgListener(url, 'fd_sessions', (payload) => forget(Number(payload)), { log, onState });
 *   await listener.start();   // resolves once listening (or once the first attempt failed; it retries)
 *   await listener.stop();
 */
export type PgListener = {
  start(): Promise<void>;
  stop(): Promise<void>;
  listening(): boolean;
};

export function pgListener(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  opts: { log: { warn: (obj: object, msg: string) => void }; onState?: (listening: boolean) => void },
): PgListener {
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (client === c) {
      client = undefined;
      opts.onState?.(false);
    }
    void c.end().catch(() => undefined);
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1000);
      retry.unref();
    }
  };

  const connect = (): Promise<void> => {
    if (client || connecting || stopped) return connecting ?? Promise.resolve();
    const c = new pg.Client({ connectionString: databaseUrl });
    connecting = (async () => {
      try {
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        c.on('error', (err) => {
          opts.log.warn({ err, channel }, 'notification connection lost');
          lost(c);
        });
        await c.connect();
        await c.query(`listen ${channel}`);
        if (stopped) {
          await c.end();
          return;
        }
        client = c;
        opts.onState?.(true);
      } catch (err) {
        opts.log.warn({ err, channel }, 'cannot listen for notifications');
        lost(c);
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    start: connect,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const c = client;
      client = undefined;
      if (c) opts.onState?.(false);
      await c?.end().catch(() => undefined);
    },
    listening: () => client !== undefined,
  };
}

/**
 * NOTIFY on `channel` with each payload, in order, through `db` (a transaction's notifications are delivered when
 * it commits).
 */
export async function notify(db: Db, channel: string, payloads: readonly string[]): Promise<void> {
  for (const payload of payloads) await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
