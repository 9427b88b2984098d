import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, changePasswordRequest, envelope, fundPasswordRequest } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { authRateLimit, playerRoute } from '../../lib/route-builders.ts';
import { changePassword } from './password.service.ts';
import { setFundPassword } from './fund-password.service.ts';
import { playerOf } from '../../lib/route-helpers.ts';

/** Login password change and the fund (withdrawal) password. */
const securityRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  // Each call verifies and hashes with argon2: the same tight per-IP budget as login.
  const hashRateLimit = authRateLimit(app);

  app.post(
    API.changePassword,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      config: hashRateLimit,
      ...player.onRequest({
        tags: ['user'],
        summary: 'Change the login password; every other session of the account is logged out',
        body: changePasswordRequest,
        response: { 200: envelope(z.null()), ...errors(400, 401, 403, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      await changePassword(app.db, user, request.body, app.clock(), app.config);
      app.forgetSessions(user.id);
      return reply.ok(null);
    },
  );

  app.post(
    API.fundPassword,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      config: hashRateLimit,
      ...player.onRequest({
        tags: ['user'],
        summary: 'Set or change the six-digit fund (withdrawal) password',
        body: fundPasswordRequest,
        response: { 200: envelope(z.null()), ...errors(400, 401, 403, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      await setFundPassword(app.db, user.id, request.body, app.clock(), app.config);
      app.forgetSessions(user.id);
      return reply.ok(null);
    },
  );
  done();
};

export default securityRoutes;
