import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, envelope, walletData } from '@fairdraw/contract';
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { getWallet } from './wallet.service.ts';

const walletRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    API.wallet,
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['wallet'],
        summary: 'Own wallet: balance, frozen, total assets, available (play money for a guest)',
        security: [{ token: [] }],
        headers: sessionHeaders,
        response: { 200: envelope(walletData), ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      if (!request.user) throw new Error('requireSession did not set the user');
      return reply.ok(await getWallet(app.db, request.user, app.config.currency));
    },
  );
  done();
};

export default walletRoutes;
