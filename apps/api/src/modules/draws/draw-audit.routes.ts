import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminDraw, adminDrawsQuery, API, envelope, paged } from '@fairdraw/contract';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { listDraws } from './draw-audit.service.ts';

/** The console's draws audit: read-only; nothing here (or anywhere) sets, presets or changes a result. */
const drawAuditRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    API.adminDrawsList,
    {
      preValidation: [app.requireSession, app.requireOperator],
      schema: {
        tags: ['admin'],
        summary: 'Every period of every game, newest draw first: commitment, seed once drawn, result, cash totals',
        security: [{ token: [] }],
        headers: sessionHeaders,
        querystring: adminDrawsQuery,
        response: { 200: envelope(paged(adminDraw)), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.ok(await listDraws(app.db, request.query, app.clock())),
  );
  done();
};

export default drawAuditRoutes;
