import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, envelope, gameCategory, gameTile } from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import * as games from './games.service.ts';

const tilesResponse = envelope(z.array(gameTile));
const categoriesResponse = envelope(z.array(gameCategory));

const gamesRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // The same for everyone of a language: kept for a moment (lib/public-read.ts), dropped when a game changes.
  const tiles = app.publicReads.create<Lang>({
    response: tilesResponse,
    method: 'GET',
    url: API.games,
    keyOf: (lang) => lang,
    load: async (lang) => ({ data: await games.gameTiles(app.db, lang) }),
  });
  const lobby = app.publicReads.create<Lang>({
    response: categoriesResponse,
    method: 'GET',
    url: API.category,
    keyOf: (lang) => lang,
    load: async (lang) => ({ data: await games.categories(app.db, lang) }),
  });
  app.get(
    API.games,
    {
      schema: {
        tags: ['game'],
        summary: 'The games, names in the request language',
        headers: commonHeaders,
        response: { 200: tilesResponse, ...errors(429) },
      },
    },
    async (request, reply) => tiles.send(reply, request.lang),
  );

  app.get(
    API.category,
    {
      schema: {
        tags: ['game'],
        summary: 'Lobby categories with their games',
        headers: commonHeaders,
        response: { 200: categoriesResponse, ...errors(429) },
      },
    },
    async (request, reply) => lobby.send(reply, request.lang),
  );
  done();
};

export default gamesRoutes;
