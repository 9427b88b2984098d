import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, envelope, homeData } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import * as home from './home.service.ts';

const homeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    API.home,
    {
      schema: {
        tags: ['home'],
        summary: 'Home screen: carousel, notice, winning list',
        headers: commonHeaders,
        response: { 200: envelope(homeData), ...errors(429) },
      },
    },
    async (request, reply) =>
      reply.ok(await home.homeData(app.db, request.lang, app.config.redirectAllowList, app.config.currency)),
  );
  done();
};

export default homeRoutes;
