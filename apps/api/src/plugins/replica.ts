import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { createDb } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { createReplica, noReplica, writePositions } from '../lib/replica.ts';
import type { Replica } from '../lib/replica.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The read replica (DATABASE_REPLICA_URL; lib/replica.ts): `read(request, fn)` runs a read that may lag on the
     * replica when the caller may see it, else on the primary. Without a replica, every read is the primary's.
     */
    replica: Replica & {
      /** Runs `fn` on the database the request's lagging read goes to: the replica, or the primary. */
      readFor<T>(request: FastifyRequest | undefined, fn: (db: Db) => Promise<T>): Promise<T>;
    };
  }
}

/** Connecting to the replica may take this long before the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;
/** A read on the replica that takes longer than this is given up and read from the primary. */
const REPLICA_QUERY_TIMEOUT_MS = 30_000;
/** A user's write position is kept at least this long (lib/replica.ts, writePositions). */
const POSITION_TTL_MIN_MS = 60_000;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The replica of DATABASE_URL's server, when DATABASE_REPLICA_URL is set (PostgreSQL only): its pool, its lag probe
 * (first run before the app is ready, then every second), and the record of each signed-in user's writes (an onSend
 * hook: before the answer of a write leaves, where the primary's WAL stands is remembered for its user). Registered
 * after metrics (its gauges) and before the routes (its hook).
 */
export default fp(
  (app, _opts, done) => {
    const url = app.config.databaseReplicaUrl;
    const reads = new Counter({
      name: 'replica_reads_total',
      help: 'Reads that may lag, by the server that answered them (replica or primary)',
      labelNames: ['server'] as const,
      registers: [app.metrics],
    });
    let replica: Replica = noReplica(app.db);
    let replicaDb: Db | undefined;
    if (url) {
      replicaDb = createDb({
        databaseUrl: url,
        dataDir: app.config.dataDir,
        connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: REPLICA_QUERY_TIMEOUT_MS,
        onConnectionError: (err) => app.log.warn({ err }, 'idle replica connection lost'),
      });
      const maxLagMs = app.config.replicaMaxLagMs;
      replica = createReplica({
        primary: app.db,
        replica: replicaDb,
        maxLagMs,
        now: () => app.clock().getTime(),
        positions: writePositions(app.sharedStore, Math.max(POSITION_TTL_MIN_MS, 10 * maxLagMs), () =>
          app.clock().getTime(),
        ),
        log: app.log,
        onRead: (server) => reads.inc({ server }),
      });
      app.addHook('onReady', async () => {
        await replica.probe();
        replica.start();
      });
      app.addHook('onSend', async (request) => {
        const user = request.user;
        if (!user || READ_ONLY_METHODS.has(request.method)) return;
        try {
          await replica.wrote(user.id);
        } catch (err) {
          // The write stands; another instance may read this user's lists from a replica without it for a moment.
          request.log.warn({ err }, 'could not record the write for read-your-writes');
        }
      });
    }
    const current = replica;
    app.decorate('replica', {
      ...current,
      readFor: (request, fn) => current.read(request?.user?.id, fn),
    });
    new Gauge({
      name: 'replica_configured',
      help: '1 when DATABASE_REPLICA_URL is set (on PostgreSQL), else 0',
      registers: [app.metrics],
      collect() {
        this.set(current.state() === 'none' ? 0 : 1);
      },
    });
    new Gauge({
      name: 'replica_in_use',
      help: '1 while the replica serves the reads that may lag, 0 while the primary does (none, down or lagging)',
      registers: [app.metrics],
      collect() {
        this.set(current.state() === 'in-use' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'replica_lag_seconds',
      help: "The replica's replay lag at the last probe, seconds; NaN while it cannot be measured (none or down)",
      registers: [app.metrics],
      collect() {
        const lag = current.lagMs();
        this.set(lag === null ? Number.NaN : lag / 1000);
      },
    });
    app.addHook('onClose', async () => {
      current.stop();
      await replicaDb?.destroy();
    });
    done();
  },
  { name: 'replica', dependencies: ['config', 'clock', 'db', 'shared-limits', 'metrics', 'auth'] },
);
