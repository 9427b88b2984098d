import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API, envelope, limitsRequest, limitsState, promptRequest } from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { answerPrompt, getLimits, setLimits } from './limits.service.ts';

/**
 * Spending limits and the reality check (docs/trust.md 29, 31) of a registered player. A guest gets 403
 * DEMO_NOT_ALLOWED (demo play uses play money), an operator 403 FORBIDDEN.
 */
const limitsRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  app.get(
    API.protectionLimits,
    player.onRequest({
      tags: ['protection'],
      summary:
        'Own deposit, loss and stake limits per day, week and month (in force, waiting, used, left), the ' +
        'reality-check interval and the start and net result of this session',
      response: { 200: envelope(limitsState), ...errors(401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(
        await getLimits(app.db, user, app.clock(), {
          timeZone: app.config.businessTimeZone,
          currency: app.config.currency,
        }),
      );
    },
  );

  app.post(
    API.protectionLimits,
    player.onRequest({
      tags: ['protection'],
      summary:
        'Set limits (amount null removes one) and/or the reality-check interval; a tightening applies at once, ' +
        'a loosening or removal after 24 hours',
      body: limitsRequest,
      response: { 200: envelope(limitsState), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(
        await setLimits(app.db, user, request.body, app.clock(), {
          timeZone: app.config.businessTimeZone,
          currency: app.config.currency,
        }),
      );
    },
  );
  app.post(
    API.protectionPrompt,
    player.onRequest({
      tags: ['protection'],
      summary:
        'The player answered a prompt: reality_check (dismissed with "continue"; the next reminder comes at the ' +
        'first interval after now, on every device) or deposit_limit_offer (made; not offered again)',
      body: promptRequest,
      response: { 200: envelope(limitsState), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(
        await answerPrompt(app.db, user, request.body, app.clock(), {
          timeZone: app.config.businessTimeZone,
          currency: app.config.currency,
        }),
      );
    },
  );
  done();
};

export default limitsRoutes;
