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
import { errors, sessionHeaders } from '../../lib/schemas.ts';
import { idempotentHeaders } from '../../plugins/idempotency.ts';
import { actorOf, sessionUserOf } from '../../lib/route-helpers.ts';
import * as channels from './channels.service.ts';
import * as decisions from './deposit-decisions.service.ts';
import * as deposits from './deposits.service.ts';

const rechargeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = [app.requireSession, app.requirePlayer];
  const operator = [app.requireSession, app.requireOperator];
  const security = [{ token: [] }];

  app.get(
    API.rechargeChannels,
    {
      preValidation: player,
      schema: {
        tags: ['recharge'],
        summary: 'Enabled deposit channels',
        security,
        headers: sessionHeaders,
        response: { 200: envelope(z.array(rechargeChannel)), ...errors(401, 403, 429) },
      },
    },
    async (_request, reply) => reply.ok(await channels.listChannels(app.db, app.config.currency)),
  );

  app.post(
    API.rechargeSubmit,
    {
      // Who may call is settled before the body is validated: a guest hears DEMO_NOT_ALLOWED, not a field error.
      preValidation: player,
      schema: {
        tags: ['recharge'],
        summary:
          'Submit a deposit (idempotent with the idempotency-key header); refused with 403 SELF_EXCLUDED during a ' +
          'time-out or self-exclusion, and with 409 TX_HASH_USED for a crypto transfer another deposit already names',
        security,
        headers: idempotentHeaders,
        body: rechargeSubmitRequest,
        response: { 200: envelope(deposit), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
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
          commit,
        ),
      );
    },
  );

  app.get(
    API.rechargeList,
    {
      preValidation: player,
      schema: {
        tags: ['recharge'],
        summary: 'Own deposits in a range of business days, newest first',
        security,
        headers: sessionHeaders,
        querystring: rechargeListQuery,
        response: { 200: envelope(paged(deposit)), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await deposits.listOwnDeposits(
          app.db,
          sessionUserOf(request).id,
          request.query,
          app.config.businessTimeZone,
          app.clock(),
          app.config.currency,
        ),
      ),
  );

  app.get(
    API.adminRechargeList,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'Deposit queue',
        security,
        headers: sessionHeaders,
        querystring: adminRechargeListQuery,
        response: { 200: envelope(paged(adminDeposit)), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.ok(await decisions.listForOperator(app.db, request.query, app.config.currency)),
  );

  app.post(
    API.adminRechargeApprove,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary:
          'Approve a pending deposit: credits the player once; a crypto deposit whose transfer another deposit holds ' +
          'or was credited for is refused (409 TX_HASH_USED, TX_HASH_CREDITED)',
        security,
        headers: sessionHeaders,
        body: depositDecisionRequest,
        response: { 200: envelope(adminDeposit), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await decisions.approveDeposit(app.db, actorOf(request), request.body.id, app.config.currency, app.clock()),
      ),
  );

  app.post(
    API.adminRechargeReject,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending deposit with a reason the player sees',
        security,
        headers: sessionHeaders,
        body: depositDecisionRequest,
        response: { 200: envelope(adminDeposit), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await decisions.rejectDeposit(
          app.db,
          actorOf(request),
          request.body.id,
          request.body.reason,
          app.config.currency,
          app.clock(),
        ),
      ),
  );

  app.get(
    API.adminChannelList,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'All deposit channels with their settings',
        security,
        headers: sessionHeaders,
        response: { 200: envelope(z.array(adminChannel)), ...errors(401, 403, 429) },
      },
    },
    async (_request, reply) => reply.ok(await channels.listChannelsForOperator(app.db, app.config.currency)),
  );

  app.post(
    API.adminChannelSave,
    {
      preValidation: operator,
      schema: {
        tags: ['admin'],
        summary: 'Create (no id) or update a deposit channel',
        security,
        headers: sessionHeaders,
        body: adminChannel,
        response: { 200: envelope(adminChannel), ...errors(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(await channels.saveChannel(app.db, actorOf(request), request.body, app.config.currency)),
  );
  done();
};

export default rechargeRoutes;
