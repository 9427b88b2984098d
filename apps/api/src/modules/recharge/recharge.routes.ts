import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminChannel,
  depositDecisionRequest,
  adminDeposit,
  adminRechargeListQuery,
  API,
  deposit,
  envelope,
  paged,
  rechargeChannel,
  rechargeListQuery,
  rechargeSubmitRequest,
} from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { idempotentHeaders } from '../../plugins/idempotency.ts';
import { actorOf, sessionUserOf } from '../../lib/route-helpers.ts';
import * as channels from './channels.service.ts';
import * as decisions from './deposit-decisions.service.ts';
import * as deposits from './deposits.service.ts';

const rechargeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  const operator = operatorRoute(app);

  app.get(
    API.rechargeChannels,
    player({
      tags: ['recharge'],
      summary: 'Enabled deposit channels, named in the request language',
      response: { 200: envelope(z.array(rechargeChannel)), ...errors(401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await channels.listChannels(app.db, app.config.currency, request.lang)),
  );

  app.post(
    API.rechargeSubmit,
    {
      // Who may call is settled before the body is validated: a guest hears DEMO_NOT_ALLOWED, not a field error.
      ...player({
        tags: ['recharge'],
        summary:
          'Submit a deposit (idempotent with the idempotency-key header); refused with 403 SELF_EXCLUDED during a ' +
          'time-out or self-exclusion, and with 409 TX_HASH_USED for a crypto transfer another deposit already names',
        headers: idempotentHeaders,
        body: rechargeSubmitRequest,
        response: { 200: envelope(deposit), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      }),
    },
    async (request, reply) => {
      await app.exactlyOnce(request, reply, (commit) =>
        deposits.submitDeposit(
          app.db,
          sessionUserOf(request),
          request.body,
          app.config.currency,
          app.config.businessTimeZone,
          app.clock(),
          request.lang,
          commit,
        ),
      );
    },
  );

  app.get(
    API.rechargeList,
    player({
      tags: ['recharge'],
      summary: 'Own deposits in a range of business days, newest first',
      querystring: rechargeListQuery,
      response: { 200: envelope(paged(deposit)), ...errors(400, 401, 403, 429) },
    }),
    // Lists may lag (the read replica), never behind the caller's own writes (plugins/replica.ts).
    async (request, reply) =>
      reply.ok(
        await app.replica.readFor(request, (db) =>
          deposits.listOwnDeposits(
            db,
            sessionUserOf(request).id,
            request.query,
            app.config.businessTimeZone,
            app.clock(),
            app.config.currency,
            request.lang,
          ),
        ),
      ),
  );

  app.get(
    API.adminRechargeList,
    operator({
      summary: 'Deposit queue',
      querystring: adminRechargeListQuery,
      response: { 200: envelope(paged(adminDeposit)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await app.replica.readFor(request, (db) =>
          decisions.listForOperator(db, request.query, app.config.currency, request.lang),
        ),
      ),
  );

  app.post(
    API.adminRechargeApprove,
    operator({
      summary:
        'Approve a pending deposit: credits the player once; a crypto deposit whose transfer another deposit holds ' +
        'or was credited for is refused (409 TX_HASH_USED, TX_HASH_CREDITED)',
      body: depositDecisionRequest,
      response: { 200: envelope(adminDeposit), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await decisions.approveDeposit(
          app.db,
          actorOf(request),
          request.body.id,
          app.config.currency,
          app.clock(),
          request.lang,
        ),
      ),
  );

  app.post(
    API.adminRechargeReject,
    operator({
      summary: 'Reject a pending deposit with a reason the player sees',
      body: depositDecisionRequest,
      response: { 200: envelope(adminDeposit), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await decisions.rejectDeposit(
          app.db,
          actorOf(request),
          request.body.id,
          request.body.reason,
          app.config.currency,
          app.clock(),
          request.lang,
        ),
      ),
  );

  app.get(
    API.adminChannelList,
    operator({
      summary: 'All deposit channels with their settings',
      response: { 200: envelope(z.array(adminChannel)), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => reply.ok(await channels.listChannelsForOperator(app.db, app.config.currency)),
  );

  app.post(
    API.adminChannelSave,
    operator({
      summary: 'Create (no id) or update a deposit channel',
      body: adminChannel,
      response: { 200: envelope(adminChannel), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await channels.saveChannel(app.db, actorOf(request), request.body, app.config.currency)),
  );
  done();
};

export default rechargeRoutes;
