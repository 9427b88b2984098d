import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminDraw, adminDrawsQuery, API, envelope, paged } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { listDraws } from './draw-audit.service.ts';

/** The console's draws audit: read-only; nothing here (or anywhere) sets, presets or changes a result. */
const drawAuditRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);
  app.get(
    API.adminDrawsList,
    operator({
      summary: 'Every period of every game, newest draw first: commitment, seed once drawn, result, cash totals',
      querystring: adminDrawsQuery,
      response: { 200: envelope(paged(adminDraw)), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => reply.ok(await listDraws(app.db, request.query, app.clock())),
  );
  done();
};

export default drawAuditRoutes;
