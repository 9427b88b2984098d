import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { API, envelope, homeData } from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { createTtlCache } from './home.cache.ts';
import * as home from './home.service.ts';

const homeResponse = envelope(homeData);

const homeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  // Home is the same for every visitor of a language (no per-user data), so the serialised answer is kept for a
  // moment (HOME_CACHE_MS) and concurrent misses share one database read. Serialised by the route's own serializer,
  // once per load: the bytes are those an uncached answer would have.
  const serialize = serializerCompiler({ schema: homeResponse, method: 'GET', url: API.home, httpStatus: '200' });
  const cache = createTtlCache<Lang, Buffer>({
    ttlMs: app.config.homeCacheMs,
    // Aged on the app's clock, so a test moves it past the time to live instead of waiting.
    now: () => app.clock().getTime(),
    load: async (lang) => {
      const data = await home.homeData(app.db, lang, app.config.redirectAllowList, app.config.currency);
      return Buffer.from(serialize({ code: 200, msg: 'success', data }));
    },
  });

  app.get(
    API.home,
    {
      schema: {
        tags: ['home'],
        summary: 'Home screen: carousel, notice, winning list',
        headers: commonHeaders,
        response: { 200: homeResponse, ...errors(429) },
      },
    },
    async (request, reply) => {
      const body = await cache.get(request.lang);
      // A JSON content type and a ready body: Fastify sends it as it is, without serialising again (the typed reply
      // only knows the parsed shape, hence the plain FastifyReply).
      const raw: FastifyReply = reply;
      return raw.type('application/json; charset=utf-8').send(body);
    },
  );
  done();
};

export default homeRoutes;
