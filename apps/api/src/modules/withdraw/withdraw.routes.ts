import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  withdrawalDecisionRequest,
  adminWithdrawal,
  adminWithdrawListQuery,
  API,
  envelope,
  paged,
  pageQuery,
  withdrawal,
  withdrawSettings,
  withdrawSubmitRequest,
} from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { idempotentHeaders } from '../../plugins/idempotency.ts';
import { actorOf, playerOf } from '../../lib/route-helpers.ts';
import { getWithdrawSettings } from '../wallet/wallet.service.ts';
import * as withdraw from './withdraw.service.ts';

const withdrawRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // Who may call is settled in preValidation, before the body is looked at: a guest hears DEMO_NOT_ALLOWED and a
  // player on an operator route FORBIDDEN, not a field error.
  const player = playerRoute(app);
  const operator = operatorRoute(app);

  app.post(
    API.withdrawSubmit,
    player({
      tags: ['withdraw'],
      summary: 'Request a withdrawal (idempotent with the idempotency-key header)',
      description:
        'Checks, in order: fund password set, a payout method bound, amount, limits, payout_id (own method), ' +
        'fund_password, balance. Amount + fee move to frozen at once.',
      headers: idempotentHeaders,
      body: withdrawSubmitRequest,
      response: { 200: envelope(withdrawal), ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429) },
    }),
    async (request, reply) => {
      await app.exactlyOnce(request, reply, (commit) =>
        withdraw.submitWithdrawal(app.db, playerOf(request), request.body, {
          currency: app.config.currency,
          fundPassword: app.config,
          now: app.clock(),
          commit,
        }),
      );
    },
  );

  app.get(
    API.withdrawList,
    player({
      tags: ['withdraw'],
      summary: 'Own withdrawals, newest first',
      querystring: pageQuery,
      response: { 200: envelope(paged(withdrawal)), ...errors(400, 401, 403, 429) },
    }),
    // Lists may lag (the read replica), never behind the caller's own writes (plugins/replica.ts).
    async (request, reply) =>
      reply.ok(
        await app.replica.readFor(request, (db) =>
          withdraw.listOwnWithdrawals(db, playerOf(request).id, request.query),
        ),
      ),
  );

  app.get(
    API.adminWithdrawList,
    operator({
      summary: 'Withdrawal queue; q searches account, nickname, payout holder, alias and address',
      querystring: adminWithdrawListQuery,
      response: { 200: envelope(paged(adminWithdrawal)), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) =>
      reply.ok(await app.replica.readFor(request, (db) => withdraw.listForOperator(db, request.query))),
  );

  app.post(
    API.adminWithdrawApprove,
    operator({
      summary: 'Mark a pending withdrawal paid: the held money leaves, once',
      body: withdrawalDecisionRequest,
      response: { 200: envelope(adminWithdrawal), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await withdraw.approveWithdrawal(app.db, actorOf(request), request.body.id, app.clock())),
  );

  app.post(
    API.adminWithdrawReject,
    operator({
      summary: 'Reject a pending withdrawal with a reason the player sees; amount and fee return to the balance',
      body: withdrawalDecisionRequest,
      response: { 200: envelope(adminWithdrawal), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(
        await withdraw.rejectWithdrawal(app.db, actorOf(request), request.body.id, request.body.reason, app.clock()),
      ),
  );

  app.get(
    API.adminWithdrawSettings,
    operator({
      summary: 'Withdrawal fee rule and limits',
      response: { 200: envelope(withdrawSettings), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => reply.ok(await getWithdrawSettings(app.db)),
  );

  app.post(
    API.adminWithdrawSettings,
    operator({
      summary: 'Save the withdrawal fee rule and limits (min ≤ max; fee max ≥ fee min)',
      body: withdrawSettings,
      response: { 200: envelope(withdrawSettings), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await withdraw.saveWithdrawSettings(app.db, actorOf(request), request.body)),
  );
  done();
};

export default withdrawRoutes;
