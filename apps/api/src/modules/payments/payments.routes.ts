import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, depositDecisionRequest, envelope, paymentProviders } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import { confirmSandboxPayment, handleWebhook, listProviders, providers } from './payments.service.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './payment-provider.ts';

const webhookResult = z.object({ credited: z.boolean() });

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = operatorRoute(app);
  const all = providers(app.config);

  // The webhook gets a scope of its own whose only parser keeps the raw bytes: the signature is over the body as
  // sent, so it is checked before anything parses it.
  await app.register((plain, _opts, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      API.payWebhook,
      {
        schema: {
          tags: ['payments'],
          summary: 'Signed payment-provider callback (sandbox: HMAC-SHA256 of `timestamp.body`)',
          headers: commonHeaders.extend({
            [TIMESTAMP_HEADER]: z.string().optional().describe('sandbox: unix seconds, within 5 minutes'),
            [SIGNATURE_HEADER]: z.string().optional().describe('sandbox: hex HMAC-SHA256 of `timestamp.body`'),
          }),
          params: z.object({
            provider: z
              .string()
              .max(40)
              .meta({ examples: ['sandbox'] }),
          }),
          response: { 200: envelope(webhookResult), ...errors(400, 404, 413, 429) },
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return reply.ok(await handleWebhook(app.db, all, request.params.provider, raw, request.headers, app.clock()));
      },
    );
    done();
  });

  app.get(
    API.adminPayProviders,
    operator({
      summary: 'Payment providers, where each webhook secret comes from, and a generated secret in full',
      response: { 200: envelope(paymentProviders), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => {
      // A secret in the answer: no cache on the way may keep it.
      void reply.header('cache-control', 'no-store');
      return reply.ok({ providers: await listProviders(app.db, all), sandbox: all.sandbox });
    },
  );

  // PAYMENTS_SANDBOX=off: no sandbox, and no simulated payment either (the path answers 404 like any unknown one).
  if (!all.sandbox) return;
  app.post(
    API.adminPixSandboxConfirm,
    operator({
      summary: 'Complete a pending PIX deposit through the sandbox provider (demo)',
      body: depositDecisionRequest,
      response: { 200: envelope(webhookResult), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await confirmSandboxPayment(app.db, all, actorOf(request), request.body.id, app.clock())),
  );
};

export default paymentsRoutes;
