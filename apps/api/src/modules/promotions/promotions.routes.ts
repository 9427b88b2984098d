import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  adminPromotion,
  envelope,
  paged,
  pageQuery,
  promotion,
  promotionDetail,
  promotionDetailQuery,
  promotionIdRequest,
  promotionListQuery,
  promotionSaveRequest,
} from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import * as promotions from './promotions.service.ts';

const promotionsRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);

  app.get(
    API.activityList,
    {
      schema: {
        tags: ['activity'],
        summary: 'Promotions live now, in their order (anyone)',
        headers: commonHeaders,
        querystring: promotionListQuery,
        response: { 200: envelope(paged(promotion)), ...errors(400, 429) },
      },
    },
    async (request, reply) => reply.ok(await promotions.listLive(app.db, request.lang, app.clock(), request.query)),
  );

  app.get(
    API.activityDetail,
    {
      schema: {
        tags: ['activity'],
        summary: 'One live promotion with its body (anyone; one not live is not found)',
        headers: commonHeaders,
        querystring: promotionDetailQuery,
        response: { 200: envelope(promotionDetail), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => reply.ok(await promotions.detail(app.db, request.query.id, request.lang, app.clock())),
  );

  app.get(
    API.adminActivityList,
    operator({
      summary: 'Every promotion, live or not, in every language (latest end first)',
      querystring: pageQuery,
      response: { 200: envelope(paged(adminPromotion)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await promotions.listForOperator(app.db, app.clock(), request.query)),
  );

  app.post(
    API.adminActivitySave,
    operator({
      summary: 'Create a promotion (no id) or change one',
      body: promotionSaveRequest,
      response: { 200: envelope(adminPromotion), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await promotions.save(app.db, actorOf(request), request.body, app.clock())),
  );

  app.post(
    API.adminActivityDelete,
    operator({
      summary: 'Delete a promotion',
      body: promotionIdRequest,
      response: { 200: envelope(z.object({ id: z.number().int() })), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await promotions.remove(app.db, actorOf(request), request.body.id, app.clock())),
  );
  done();
};

export default promotionsRoutes;
