import fp from 'fastify-plugin';
import { createDb } from '../db/database.ts';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** One Kysely instance per app, over PostgreSQL or PGlite (see createDb); closed when the app closes. */
export default fp(
  (app, opts: { onQuery?: (sql: string) => void; loadDataDir?: Blob }, done) => {
    const db = createDb({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      onConnectionError: (err) => app.log.warn({ err }, 'idle database connection lost'),
      ...(opts.onQuery ? { onQuery: opts.onQuery } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    done();
  },
  { name: 'db', dependencies: ['config'] },
);
