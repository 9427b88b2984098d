import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminBonusSettings,
  adminBonusSettingsRequest,
  API,
  bonusClaimAnswer,
  bonusIndex,
  bonusList,
  bonusListQuery,
  envelope,
} from '@fairdraw/contract';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { actorOf, playerOf, sessionUserOf } from '../../lib/route-helpers.ts';
import { idempotentHeaders } from '../../plugins/idempotency.ts';
import * as bonus from './bonus.service.ts';

/**
 * The Bonus tab's daily rebate (README.md beside this file): what is claimable, the claim, the history; and the
 * operator's rates. A guest sees the rates and nothing claimable; claiming and the history are a player's.
 */
const bonusRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // The leader computes the rebates of each day due (plugins/jobs.ts); the service decides which days are done.
  app.leaderJobs.add({
    name: 'daily-rebates',
    everyMs: 5_000,
    run: async (db, now) => {
      const days = await bonus.computeDueRebates(db, now, app.config.businessTimeZone);
      return days.length > 0 ? days : undefined;
    },
  });
  const player = playerRoute(app);
  const operator = operatorRoute(app);
  const security = [{ token: [] }];

  app.get(
    API.bonusIndex,
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['rebate'],
        summary: 'Claimable rebate, the bonus still locked with its turnover requirement and progress, the rates',
        security,
        headers: sessionHeaders,
        response: { 200: envelope(bonusIndex), ...errors(401, 429) },
      },
    },
    async (request, reply) => reply.ok(await bonus.bonusIndex(app.db, sessionUserOf(request), app.config.currency)),
  );

  app.post(
    API.bonusClaim,
    player({
      tags: ['rebate'],
      summary: 'Claim the computed rebates into the cash wallet (once; idempotent with the idempotency-key header)',
      headers: idempotentHeaders,
      response: { 200: envelope(bonusClaimAnswer), ...errors(400, 401, 403, 409, 413, 415, 422, 429) },
    }),
    async (request, reply) => {
      await app.exactlyOnce(request, reply, (commit) =>
        bonus.claimRebates(app.db, playerOf(request), app.clock(), commit),
      );
    },
  );

  app.get(
    API.bonusList,
    player({
      tags: ['rebate'],
      summary: 'Own rebates, newest day first',
      querystring: bonusListQuery,
      response: { 200: envelope(bonusList), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await bonus.listRebates(app.db, playerOf(request).id, request.query)),
  );

  app.get(
    API.adminBonusSettings,
    operator({
      summary: 'Rebate rate (basis points) and turnover multiple of every game family',
      response: { 200: envelope(adminBonusSettings), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => reply.ok(await bonus.getRebateSettings(app.db)),
  );

  app.post(
    API.adminBonusSettings,
    operator({
      summary: 'Change the rebate rate (0–1000 bps) and turnover multiple (0–10) of some families (audited)',
      body: adminBonusSettingsRequest,
      response: { 200: envelope(adminBonusSettings), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await bonus.saveRebateSettings(app.db, actorOf(request), request.body)),
  );
  done();
};

export default bonusRoutes;
