import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, envelope, gameCategory, gameTile } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import * as games from './games.service.ts';

const gamesRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get(
    API.games,
    {
      schema: {
        tags: ['game'],
        summary: 'The games, names in the request language',
        headers: commonHeaders,
        response: { 200: envelope(z.array(gameTile)), ...errors(429) },
      },
    },
    async (request, reply) => reply.ok(await games.gameTiles(app.db, request.lang)),
  );

  app.get(
    API.category,
    {
      schema: {
        tags: ['game'],
        summary: 'Lobby categories with their games',
        headers: commonHeaders,
        response: { 200: envelope(z.array(gameCategory)), ...errors(429) },
      },
    },
    async (request, reply) => reply.ok(await games.categories(app.db, request.lang)),
  );
  done();
};

export default gamesRoutes;
