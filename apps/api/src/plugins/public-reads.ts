import fp from 'fastify-plugin';
import { publicRead } from '../lib/public-read.ts';
import type { PublicRead } from '../lib/public-read.ts';

type ReadOptions<K> = Omit<Parameters<typeof publicRead<K>>[0], 'ttlMs' | 'now'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public game reads kept for a moment (lib/public-read.ts): a module makes its own with `create`, on the app's
     * clock and READ_CACHE_MS; `clear` drops every kept answer at once (a period drawn or opened here, a game changed).
     */
    publicReads: { create: <K>(opts: ReadOptions<K>) => PublicRead<K>; clear: () => void };
  }
}

export default fp(
  (app, _opts, done) => {
    const reads: PublicRead<never>[] = [];
    app.decorate('publicReads', {
      create: <K>(opts: ReadOptions<K>) => {
        const read = publicRead<K>({ ...opts, ttlMs: app.config.readCacheMs, now: () => app.clock().getTime() });
        reads.push(read);
        return read;
      },
      clear: () => {
        for (const read of reads) read.clear();
      },
    });
    done();
  },
  { name: 'public-reads', dependencies: ['config', 'clock'] },
);
