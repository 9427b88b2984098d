import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, envelope, excludeRequest, protectionState } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { authRateLimit, playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { exclude, getProtection } from './protection.service.ts';

/**
 * Time-out and self-exclusion (docs/trust.md 30) for registered players. A guest gets 403 DEMO_NOT_ALLOWED (a demo
 * session has no password to confirm with and plays with play money only), an operator 403 FORBIDDEN.
 */
const protectionRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  app.get(
    API.protection,
    player.onRequest({
      tags: ['protection'],
      summary: 'Own time-out or self-exclusion (if one is running) and the choices as they would apply now',
      response: { 200: envelope(protectionState), ...errors(401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(await getProtection(app.db, user.id, app.clock(), app.config.businessTimeZone));
    },
  );

  app.post(
    API.protectionExclude,
    {
      // Session and role before the body is parsed: a guest or a stranger learns nothing from validation.
      // Verifies the login password with argon2: the same tight per-IP budget as login.
      config: authRateLimit(app),
      ...player.onRequest({
        tags: ['protection'],
        summary:
          'Take a time-out (24 h, 7 d, 30 d) or self-exclude (6 months, 1 year, 5 years), starting now; needs the ' +
          'login password and confirm: true. A running break can only be made longer (else 409 EXCLUSION_NOT_LONGER)',
        body: excludeRequest,
        response: { 200: envelope(protectionState), ...errors(400, 401, 403, 409, 413, 415, 429) },
      }),
    },
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(await exclude(app.db, user, request.body, app.clock(), app.config));
    },
  );
  done();
};

export default protectionRoutes;
