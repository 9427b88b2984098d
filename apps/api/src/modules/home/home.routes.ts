import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  adminBanner,
  adminHomeContent,
  bannerIdRequest,
  bannerSaveRequest,
  contentImageAnswer,
  contentImageQuery,
  envelope,
  homeData,
  noticeSaveRequest,
} from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import { embeddedListen } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { pgListener } from '../../db/pg-listen.ts';
import { errors, commonHeaders } from '../../lib/schemas.ts';
import { operatorRoute } from '../../lib/route-builders.ts';
import { actorOf } from '../../lib/route-helpers.ts';
import {
  readUpload,
  readUploadForm,
  registerUploads,
  sendPublicImage,
  uploadBodyLimit,
  uploadDir,
} from '../../lib/uploads.ts';
import * as home from './home.service.ts';

const homeResponse = envelope(homeData);

const homeRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const operator = operatorRoute(app);
  const images = uploadDir(app.config.dataDir, 'content');

  // Home is the same for every visitor of a language (no per-user data), so the serialised answer is kept for a
  // moment (HOME_CACHE_MS) and concurrent misses share one database read. Serialised by the route's own serializer,
  // once per load: the bytes are those an uncached answer would have. A kept answer ends early at the next banner's
  // scheduled start or end, and at once when an operator changes the content: on this instance right after the
  // change commits, on the others by a NOTIFY on HOME_CHANNEL (while that connection is down, the time to live alone
  // bounds how stale an answer can be).
  const cache = app.publicReads.create<Lang>({
    response: homeResponse,
    method: 'GET',
    url: API.home,
    ttlMs: app.config.homeCacheMs,
    withGames: false,
    keyOf: (lang) => lang,
    load: async (lang) => {
      const { data, nextChange } = await home.homeData(
        app.db,
        lang,
        app.config.redirectAllowList,
        app.config.currency,
        app.clock(),
      );
      return { data, until: nextChange ? nextChange.getTime() : null };
    },
  });
  const forget = () => cache.clear();
  if (app.config.homeCacheMs > 0) {
    if (app.config.databaseUrl) {
      const listener = pgListener(app.config.databaseUrl, home.HOME_CHANNEL, forget, {
        log: app.log,
        onState: forget,
      });
      app.addHook('onReady', () => listener.start());
      app.addHook('onClose', () => listener.stop());
    } else {
      const listen = embeddedListen(app.db);
      let stop: (() => Promise<void>) | undefined;
      if (listen) {
        app.addHook('onReady', async () => {
          stop = await listen(home.HOME_CHANNEL, forget);
        });
        app.addHook('onClose', async () => stop?.());
      }
    }
  }
  const change = {
    get now() {
      return app.clock();
    },
    allowList: app.config.redirectAllowList,
    onChanged: (trx: Db) => home.announceHomeChange(trx),
  };

  app.get(
    API.home,
    {
      schema: {
        tags: ['home'],
        summary: 'Home screen: carousel (live banners only), notice, winning list',
        headers: commonHeaders,
        response: { 200: homeResponse, ...errors(429) },
      },
    },
    async (request, reply) => cache.send(reply, request.lang),
  );

  app.get(
    API.contentImage,
    {
      schema: {
        tags: ['home'],
        summary: 'A banner or promotion picture (public; its random name never changes content)',
        querystring: contentImageQuery,
        response: { ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => sendPublicImage(reply, request.query.f, await readUpload(images, request.query.f)),
  );

  app.get(
    API.adminHome,
    operator({
      summary: "The Home's content: every banner (live or not) and the notice in every language",
      response: { 200: envelope(adminHomeContent), ...errors(401, 403, 429) },
    }),
    async (_request, reply) => reply.ok(await home.adminHome(app.db, app.clock())),
  );

  app.post(
    API.adminHomeBannerSave,
    operator({
      summary: 'Create a banner (no id) or change one: image, per-language title and images, link, order, schedule',
      body: bannerSaveRequest,
      response: { 200: envelope(adminBanner), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => {
      const banner = await home.saveBanner(app.db, actorOf(request), request.body, change);
      forget();
      return reply.ok(banner);
    },
  );

  app.post(
    API.adminHomeBannerDelete,
    operator({
      summary: 'Delete a banner',
      body: bannerIdRequest,
      response: { 200: envelope(z.object({ id: z.number().int() })), ...errors(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (request, reply) => {
      const answer = await home.deleteBanner(app.db, actorOf(request), request.body.id, change);
      forget();
      return reply.ok(answer);
    },
  );

  app.post(
    API.adminHomeNotice,
    operator({
      summary: 'Set the notice in every language (empty hides it in that language)',
      body: noticeSaveRequest,
      response: {
        200: envelope(z.object({ notice: z.record(z.string(), z.string()) })),
        ...errors(400, 401, 403, 413, 415, 429),
      },
    }),
    async (request, reply) => {
      const answer = await home.saveNotice(app.db, actorOf(request), request.body.body, change);
      forget();
      return reply.ok(answer);
    },
  );

  // The upload in a scope of its own: multipart parsing for this one route only.
  void app.register((scope, _o, next) => {
    registerUploads(scope, { maxFiles: 1 });
    scope.post(
      API.adminContentImage,
      {
        bodyLimit: uploadBodyLimit(1),
        ...operator({
          summary: 'Upload a banner or promotion picture (file field "image"); re-encoded to WebP without metadata',
          description: 'multipart/form-data; images are JPEG, PNG or WebP of at most 5 MB, told by their bytes',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(contentImageAnswer), ...errors(400, 401, 403, 413, 415, 429) },
        }),
      },
      async (request, reply) => {
        const form = await readUploadForm(request);
        const { url } = await home.uploadContentImage(app.db, actorOf(request), form, images);
        return reply.ok({ url });
      },
    );
    next();
  });
  done();
};

export default homeRoutes;
