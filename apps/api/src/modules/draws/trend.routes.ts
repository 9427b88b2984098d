import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, envelope, longDragonItem, trend, trendQuery } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { trendService } from './trend.service.ts';

/** The public trend calls (README "Trends"), registered by the draws plugin. */
export function trendRoutes(root: FastifyInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = trendService(app.db);

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
        response: { 200: envelope(trend), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => reply.ok(await service.trend(request.query.games_id, request.query.limit)),
  );

  app.get(
    API.longDragon,
    {
      schema: {
        tags: ['game'],
        summary: 'Streaks of 5 periods or more across the enabled games, longest first',
        headers: commonHeaders,
        response: { 200: envelope(z.array(longDragonItem)), ...errors(400, 429) },
      },
    },
    async (_request, reply) => reply.ok(await service.longDragon()),
  );
}
