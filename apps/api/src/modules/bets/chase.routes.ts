import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, chase, chaseCancelRequest, chaseListQuery, chaseRequest, envelope, paged } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { playerRoute } from '../../lib/route-builders.ts';
import { idempotentHeaders } from '../../plugins/idempotency.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { createBetCatalog } from './bet-catalog.ts';
import * as chases from './chase.service.ts';

/** Chases (chase.service.ts): players only (a guest hears DEMO_NOT_ALLOWED, an operator FORBIDDEN). */
const chaseRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // The chase leader job (plugins/jobs.ts), on every step of the jobs' loop: a won chase is stopped and each period
  // that opened gets its chase slips.
  const settings = { currency: app.config.currency, timeZone: app.config.businessTimeZone };
  app.leaderJobs.add({ name: 'chases', everyMs: 0, run: (db, now) => chases.runChases(db, now, settings) });
  const player = playerRoute(app);
  const catalog = createBetCatalog(app.db, () => app.clock());
  const ctx = () => ({ currency: app.config.currency, timeZone: app.config.businessTimeZone });

  app.post(
    API.chase,
    player({
      tags: ['game'],
      summary: 'Chase: place the same slip on the game’s next periods, the whole stake taken now (idempotent)',
      description:
        'The slip of /api/game/bet (issue: the open period the chase starts on) over `periods` (2–50) periods, ' +
        'each period’s amounts times its multiplier (default 1). The whole stake is held at once ' +
        '(INSUFFICIENT_BALANCE) and the first period placed now: its refusal refuses the chase. Each later period ' +
        'is placed once when it opens; a refusal then stops the chase and refunds the rest (inbox message). ' +
        'With stop_on_win, a won slip refunds the periods not placed.',
      headers: idempotentHeaders,
      body: chaseRequest,
      response: { 200: envelope(chase), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
    }),
    async (request, reply) => {
      await app.exactlyOnce(request, reply, (commit) =>
        chases.placeChase(app.db, catalog, playerOf(request), request.body, {
          ...ctx(),
          lang: request.lang,
          now: app.clock(),
          commit,
        }),
      );
    },
  );

  app.get(
    API.chaseList,
    player({
      tags: ['game'],
      summary: 'Own chases, newest first, each period pending, placed (its slip), refunded or void',
      querystring: chaseListQuery,
      response: { 200: envelope(paged(chase)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) =>
      reply.ok(await chases.listOwnChases(app.db, playerOf(request).id, request.query, request.lang)),
  );

  app.post(
    API.chaseCancel,
    player({
      tags: ['game'],
      summary: 'Cancel an own chase: the periods not placed are refunded at once; placed slips stand (idempotent)',
      headers: idempotentHeaders,
      body: chaseCancelRequest,
      response: { 200: envelope(chase), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
    }),
    async (request, reply) => {
      await app.exactlyOnce(request, reply, (commit) =>
        chases.cancelChase(app.db, playerOf(request), request.body.id, {
          ...ctx(),
          lang: request.lang,
          now: app.clock(),
          commit,
        }),
      );
    },
  );
  done();
};

export default chaseRoutes;
