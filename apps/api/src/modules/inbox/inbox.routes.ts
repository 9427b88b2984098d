import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminMessageSendAnswer,
  adminMessageSendRequest,
  API,
  envelope,
  inboxDetail,
  inboxDetailQuery,
  inboxList,
  inboxListQuery,
  inboxReadAnswer,
  inboxReadRequest,
  inboxUnread,
} from '@fairdraw/contract';
import { errors } from '../../lib/schemas.ts';
import { operatorRoute, playerRoute } from '../../lib/route-builders.ts';
import { actorOf, playerOf } from '../../lib/route-helpers.ts';
import * as inbox from './inbox.service.ts';

/**
 * The player's inbox (registered players; a guest gets 403 DEMO_NOT_ALLOWED, an operator 403 FORBIDDEN) and the
 * operator's send. System messages are worded in the request's `lang`; another player's message is 404.
 */
const inboxRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  const operator = operatorRoute(app);

  app.get(
    API.msgList,
    player.onRequest({
      tags: ['msg'],
      summary: 'Own messages, newest first, in the language of the request, with the unread count',
      querystring: inboxListQuery,
      response: { 200: envelope(inboxList), ...errors(400, 401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      const { page, limit } = request.query;
      return reply.ok(
        await inbox.listMessages(
          app.db,
          user,
          { lang: request.lang, site: app.config.currency },
          page,
          limit,
          app.clock(),
        ),
      );
    },
  );

  app.get(
    API.msgDetail,
    player.onRequest({
      tags: ['msg'],
      summary: 'One own message (id m… or b…); opening it marks it read',
      querystring: inboxDetailQuery,
      response: { 200: envelope(inboxDetail), ...errors(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(
        await inbox.messageDetail(
          app.db,
          user,
          request.query.id,
          { lang: request.lang, site: app.config.currency },
          app.clock(),
        ),
      );
    },
  );

  app.post(
    API.msgRead,
    player.onRequest({
      tags: ['msg'],
      summary: 'Mark one own message read ({ id }) or all of them ({ all: true }); answers the unread count',
      body: inboxReadRequest,
      response: { 200: envelope(inboxReadAnswer), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok(await inbox.readMessages(app.db, user, request.body, app.clock()));
    },
  );

  app.get(
    API.msgUnread,
    player.onRequest({
      tags: ['msg'],
      summary: 'How many own messages are unread (the badge on My)',
      response: { 200: envelope(inboxUnread), ...errors(401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      return reply.ok({ unread: await inbox.unreadCount(app.db, user, app.clock()) });
    },
  );

  app.post(
    API.adminMsgSend,
    operator({
      summary:
        'Send a message to one player (to: one, account) or to all players (to: all: one broadcast, reaching ' +
        'every account opened by the time it is sent)',
      body: adminMessageSendRequest,
      response: { 200: envelope(adminMessageSendAnswer), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => reply.ok(await inbox.adminSend(app.db, actorOf(request), request.body, app.clock())),
  );
  done();
};

export default inboxRoutes;
