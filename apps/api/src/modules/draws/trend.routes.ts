import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, envelope, longDragonItem, trend, trendQuery } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { trendService } from './trend.service.ts';

/** The public trend calls (README "Trends"), registered by the draws plugin. */
export function trendRoutes(root: FastifyInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = trendService();
  // Kept for a moment too (lib/public-read.ts): a request then reads nothing at all until the next draw here. Trends
  // may lag: the read replica serves them when there is one in use (plugins/replica.ts).
  const trendResponse = envelope(trend);
  const trends = app.publicReads.create<{ game: number; limit: number }>({
    response: trendResponse,
    method: 'GET',
    url: API.trend,
    keyOf: (k) => `${k.game}:${k.limit}`,
    load: async (k) => ({ data: await app.replica.readFor(undefined, (db) => service.trend(db, k.game, k.limit)) }),
  });
  const dragonsResponse = envelope(z.array(longDragonItem));
  const dragons = app.publicReads.create<null>({
    response: dragonsResponse,
    method: 'GET',
    url: API.longDragon,
    keyOf: () => 'all',
    load: async () => ({ data: await app.replica.readFor(undefined, (db) => service.longDragon(db)) }),
  });

  app.get(
    API.trend,
    {
      schema: {
        tags: ['game'],
        summary:
          "A game's trend over its last `limit` drawn periods (1..200, default 50): per position each number's count " +
          'and missing, hot and cold; per two-sided play its road and current streak',
        headers: commonHeaders,
        querystring: trendQuery,
        response: { 200: trendResponse, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => trends.send(reply, { game: request.query.games_id, limit: request.query.limit }),
  );

  app.get(
    API.longDragon,
    {
      schema: {
        tags: ['game'],
        summary: 'Streaks of 5 periods or more across the enabled games, longest first',
        headers: commonHeaders,
        response: { 200: dragonsResponse, ...errors(400, 429) },
      },
    },
    async (_request, reply) => dragons.send(reply, null),
  );
}
