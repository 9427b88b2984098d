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

  // Readiness: the database answers; a load balancer stops sending traffic while it does not.
  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: envelope(z.literal('ready')), ...errors(503) } },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        throw new AppError('UNAVAILABLE');
      }
      return reply.ok('ready' as const);
    },
  );
  done();
};

export default healthRoutes;
