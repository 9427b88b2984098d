import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, addPayoutMethodRequest, deletePayoutMethodRequest, envelope, payoutMethod } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { authRateLimit, playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import * as payoutMethods from './payout-methods.service.ts';

/** The player's payout methods: bank cards, crypto wallets, PIX keys. */
const payoutMethodsRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  app.get(
    API.payoutList,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      ...player.onRequest({
        tags: ['payout'],
        summary: 'Own payout methods, newest first (masked)',
        response: { 200: envelope(z.array(payoutMethod)), ...errors(401, 403, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(await payoutMethods.listPayoutMethods(app.db, user.id));
    },
  );

  app.post(
    API.payoutAdd,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      // Verifies the login password with argon2: the same tight per-IP budget as login.
      config: authRateLimit(app),
      ...player.onRequest({
        tags: ['payout'],
        summary: 'Bind a bank card, crypto wallet or PIX key (needs the login password)',
        body: addPayoutMethodRequest,
        response: { 200: envelope(payoutMethod), ...errors(400, 401, 403, 409, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(await payoutMethods.addPayoutMethod(app.db, user, request.body, app.clock(), app.config));
    },
  );

  app.post(
    API.payoutDelete,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      ...player.onRequest({
        tags: ['payout'],
        summary: 'Remove one of your payout methods (past withdrawals keep it)',
        body: deletePayoutMethodRequest,
        response: { 200: envelope(z.null()), ...errors(400, 401, 403, 404, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      await payoutMethods.deletePayoutMethod(app.db, user, request.body.id, app.clock());
      return reply.ok(null);
    },
  );
  done();
};

export default payoutMethodsRoutes;
