import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@fairdraw/contract';
import { AppError } from '../../lib/app-error.ts';
import { errors } from '../../lib/schemas.ts';
import { pingDatabase } from './health.repository.ts';

const healthRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // Liveness: the process answers. It does not touch the database, so a slow database does not get us restarted.
  app.get(
    '/healthz',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: envelope(z.literal('ok')) } } },
    async (_request, reply) => reply.ok('ok' as const),
  );

  // Readiness: the database answers; a load balancer stops sending traffic while it does not. `limits` says whether
  // the rate limits and stream caps are shared with the other instances (REDIS_URL, and Redis answers) or kept by
  // this one alone: a host without its Redis still serves (with limits per instance), so it stays ready. `replica`
  // says whether the read replica serves the reads that may lag: a host whose replica is down or behind reads them
  // from the primary, so it stays ready too.
  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: envelope(z.literal('ready')).extend({
            limits: z
              .enum(['shared', 'per-host'])
              .describe('shared: counted in Redis for every instance; per-host: counted by this instance alone'),
            replica: z
              .enum(['none', 'in-use', 'lagging', 'down'])
              .describe(
                'in-use: the read replica serves the reads that may lag; lagging (behind by REPLICA_MAX_LAG_MS or ' +
                  'more), down (unreachable) or none (DATABASE_REPLICA_URL unset): the primary serves them',
              ),
          }),
          ...errors(503),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        throw new AppError('UNAVAILABLE');
      }
      const limits = app.sharedStore.available() ? ('shared' as const) : ('per-host' as const);
      const replica = app.replica.state();
      return reply.send({ code: 200 as const, msg: 'success', data: 'ready' as const, limits, replica });
    },
  );
  done();
};

export default healthRoutes;
