import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminGameCancelRequest,
  adminGameEnableRequest,
  adminGameLimitRequest,
  adminGameLimitsRequest,
  adminGames,
  adminPlays,
  adminPlaysQuery,
  adminPlaysSaveRequest,
  adminScheduleSaveRequest,
  API,
  envelope,
} from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import { setCancelEnabled, setEnabled } from './game-switches.service.ts';
import { saveSchedule } from './game-schedules.service.ts';
import { listGames } from './games-list.service.ts';
import { listPlays, savePlays } from './play-odds.service.ts';
import { saveGameLimit, saveLimits } from './period-limits.service.ts';

/** The console's Games screen (modules/games/README.md). Operators only; every save is audited. */
const gamesAdminRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);
  // A saved change (enabled, cancelling, schedule, odds, limits) is seen at once by the public game reads of this
  // instance (lib/public-read.ts), and by the others within their time to live. Its transaction has committed by now.
  app.addHook('onSend', (request, reply, payload, next) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.publicReads.clear();
    next(null, payload);
  });
  const ctx = () => ({
    timeZone: app.config.businessTimeZone,
    now: app.clock(),
    cycleOverrideSeconds: app.config.gameCycleOverrideSeconds,
  });

  app.get(
    API.adminGamesList,
    operator({
      summary: 'Every game: enabled, schedule (and a change saved for a later day), the per-period limit',
      response: { 200: envelope(adminGames), ...errors(401, 403, 429) },
    }),
    async (request, reply) => reply.ok(await listGames(app.db, request.lang, ctx())),
  );

  app.get(
    API.adminGamesPlays,
    operator({
      summary: "A game's plays: settings of the period being bet on and of the next one, and chances for the RTP",
      querystring: adminPlaysQuery,
      response: { 200: envelope(adminPlays), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => reply.ok(await listPlays(app.db, request.query.games_id, request.lang, ctx())),
  );

  app.post(
    API.adminGamesPlays,
    operator({
      summary: 'Save odds and stake limits of plays, from the next period that has not opened (RTP below 100 %)',
      body: adminPlaysSaveRequest,
      response: { 200: envelope(adminPlays), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await savePlays(app.db, actorOf(request), request.body, request.lang, ctx())),
  );

  app.post(
    API.adminGamesEnable,
    operator({
      summary: 'Enable or disable a game (at once: a disabled game refuses bets and leaves the lobby)',
      body: adminGameEnableRequest,
      response: { 200: envelope(adminGames), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await setEnabled(app.db, actorOf(request), request.body, request.lang, ctx())),
  );

  app.post(
    API.adminGamesCancel,
    operator({
      summary: "Let players cancel a game's slips before the seal, or not (at once)",
      body: adminGameCancelRequest,
      response: { 200: envelope(adminGames), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await setCancelEnabled(app.db, actorOf(request), request.body, request.lang, ctx())),
  );

  app.post(
    API.adminGamesSchedule,
    operator({
      summary: "A cycle game's cycle and seal, from the first day with no period created",
      body: adminScheduleSaveRequest,
      response: { 200: envelope(adminGames), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await saveSchedule(app.db, actorOf(request), request.body, request.lang, ctx())),
  );

  app.post(
    API.adminGamesLimits,
    operator({
      summary: 'The most a player may stake on one period, every game (at once)',
      body: adminGameLimitsRequest,
      response: { 200: envelope(adminGames), ...errors(400, 401, 403, 409, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await saveLimits(app.db, actorOf(request), request.body, request.lang, ctx())),
  );

  app.post(
    API.adminGamesGameLimit,
    operator({
      summary: "One game's own limit per player per period, or none (at once; the lower of it and the site-wide binds)",
      body: adminGameLimitRequest,
      response: { 200: envelope(adminGames), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (request, reply) =>
      reply.ok(await saveGameLimit(app.db, actorOf(request), request.body, request.lang, ctx())),
  );
  done();
};

export default gamesAdminRoutes;
