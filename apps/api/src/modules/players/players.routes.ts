import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  statementHistory,
  adminPlayer,
  adminPlayerDetail,
  adminPlayerFreezeRequest,
  adminPlayerListQuery,
  adminPlayerPage,
  adminPlayerQuery,
  adminPlayerRemoveTwoFactorAnswer,
  adminPlayerRemoveTwoFactorRequest,
  adminPlayerResetAnswer,
  adminPlayerResetRequest,
  adminPlayerSearchQuery,
  API,
  betSlip,
  deposit,
  envelope,
  inboxList,
  paged,
  withdrawal,
} from '@fairdraw/contract';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import * as players from './players.service.ts';

/** The console's Players screen (README.md): operators only; players and guests get 403 FORBIDDEN. */
const playersRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);
  const ctx = (request: FastifyRequest) => ({
    currency: app.config.currency,
    timeZone: app.config.businessTimeZone,
    lang: request.lang,
    now: app.clock(),
  });

  app.get(
    API.adminPlayersSearch,
    operator({
      summary: 'Find players by part of their account or nickname, or by id (newest first)',
      querystring: adminPlayerSearchQuery,
      response: { 200: envelope(adminPlayerPage), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await players.searchPlayers(app.db, request.query)),
  );

  app.get(
    API.adminPlayersDetail,
    operator({
      summary: 'A player: freeze state, wallet, limits and identity verification',
      querystring: adminPlayerQuery,
      response: { 200: envelope(adminPlayerDetail), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => reply.ok(await players.playerDetail(app.db, request.query.id, ctx(request))),
  );

  app.get(
    API.adminPlayersLedger,
    operator({
      summary: "A player's money movements (the ledger), newest first",
      querystring: adminPlayerListQuery,
      response: { 200: envelope(statementHistory), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const { id, ...page } = request.query;
      return reply.ok(await players.playerLedger(app.db, id, page, ctx(request)));
    },
  );

  app.get(
    API.adminPlayersBets,
    operator({
      summary: "A player's bet slips, newest first",
      querystring: adminPlayerListQuery,
      response: { 200: envelope(paged(betSlip)), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const { id, ...page } = request.query;
      return reply.ok(await players.playerBets(app.db, id, page, ctx(request)));
    },
  );

  app.get(
    API.adminPlayersDeposits,
    operator({
      summary: "A player's deposits, newest first",
      querystring: adminPlayerListQuery,
      response: { 200: envelope(paged(deposit)), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const { id, ...page } = request.query;
      return reply.ok(await players.playerDeposits(app.db, id, page, ctx(request)));
    },
  );

  app.get(
    API.adminPlayersWithdrawals,
    operator({
      summary: "A player's withdrawals, newest first",
      querystring: adminPlayerListQuery,
      response: { 200: envelope(paged(withdrawal)), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const { id, ...page } = request.query;
      return reply.ok(await players.playerWithdrawals(app.db, id, page));
    },
  );

  app.get(
    API.adminPlayersMessages,
    operator({
      summary: "A player's messages as he sees them (reading them here marks nothing read)",
      querystring: adminPlayerListQuery,
      response: { 200: envelope(inboxList), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const { id, ...page } = request.query;
      return reply.ok(await players.playerMessages(app.db, id, page, ctx(request)));
    },
  );

  app.post(
    API.adminPlayersFreeze,
    operator({
      summary: 'Freeze a player with a reason: he may log in and withdraw, not bet or deposit',
      body: adminPlayerFreezeRequest,
      response: { 200: envelope(adminPlayer), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) => {
      const answer = await players.freezePlayer(app.db, actorOf(request), request.body, app.clock());
      app.forgetSessions(request.body.id);
      return reply.ok(answer);
    },
  );

  app.post(
    API.adminPlayersUnfreeze,
    operator({
      summary: 'Unfreeze a player (the reason goes to the audit log)',
      body: adminPlayerFreezeRequest,
      response: { 200: envelope(adminPlayer), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) => {
      const answer = await players.unfreezePlayer(app.db, actorOf(request), request.body);
      app.forgetSessions(request.body.id);
      return reply.ok(answer);
    },
  );

  app.post(
    API.adminPlayersResetPassword,
    operator({
      summary: "Reset a player's login password: a temporary one, shown once; his sessions end",
      description:
        'The answer carries the only copy of the temporary password (never stored in clear nor logged). The player ' +
        'must change it at his next login: until then the API answers him 403 PASSWORD_CHANGE_REQUIRED but for ' +
        'GET /api/user/index, POST /api/user/password and POST /api/user/logout.',
      body: adminPlayerResetRequest,
      response: { 200: envelope(adminPlayerResetAnswer), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => {
      const answer = await players.resetPassword(app.db, actorOf(request), request.body.id, app.clock());
      app.forgetSessions(request.body.id);
      reply.header('cache-control', 'no-store');
      return reply.ok(answer);
    },
  );
  app.post(
    API.adminPlayersRemoveTwoFactor,
    operator({
      summary: "Remove a player's (or another operator's) two-step verification, with a reason; his sessions end",
      description:
        'For an account whose phone and recovery codes are lost. The key and the recovery codes are deleted, every ' +
        'session of the account ends, a player is told in his inbox, and the audit log keeps the reason. An ' +
        "operator's own answers 403 TWO_FACTOR_REMOVE_OWN (he turns it off with a code).",
      body: adminPlayerRemoveTwoFactorRequest,
      response: {
        200: envelope(adminPlayerRemoveTwoFactorAnswer),
        ...errors(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    async (request, reply) => {
      const answer = await players.removePlayerTwoFactor(app.db, actorOf(request), request.body, app.clock());
      app.forgetSessions(request.body.id);
      return reply.ok(answer);
    },
  );
  done();
};

export default playersRoutes;
