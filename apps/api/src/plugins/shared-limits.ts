import fp from 'fastify-plugin';
import { NO_SHARED_STORE, connectSharedStore } from '../lib/shared-store.ts';
import type { SharedStore } from '../lib/shared-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Redis the instances share their rate limits and stream caps through (REDIS_URL), or none: every limit is
     * then per instance (lib/shared-store.ts).
     */
    sharedStore: SharedStore;
  }
}

/** Connects to REDIS_URL when set (a host whose Redis is away starts all the same); disconnects when the app closes. */
export default fp(
  async (app) => {
    const store = app.config.redisUrl
      ? await connectSharedStore(app.config.redisUrl, app.config.redisKeyPrefix, app.log)
      : NO_SHARED_STORE;
    app.decorate('sharedStore', store);
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'shared-limits', dependencies: ['config'] },
);
