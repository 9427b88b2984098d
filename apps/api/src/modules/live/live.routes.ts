import fp from 'fastify-plugin';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API } from '@fairdraw/contract';
import { AppError } from '../../lib/app-error.ts';
import { sendFrame } from '../../lib/event-stream.ts';
import { errors } from '../../lib/schemas.ts';
import { playerRoute } from '../../lib/route-builders.ts';
import { playerOf } from '../../lib/route-helpers.ts';
import { memberStreams } from './member-events.ts';
import type { MemberStreams } from './member-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The players' member streams of this instance (modules/live/README.md). */
    memberStreams: MemberStreams;
  }
}

/**
 * GET /api/user/events: the player's own live stream (modules/live/README.md). Authenticated by the `token` header
 * like every call (never a token in the URL, which logs would keep): the web reads it with fetch, not EventSource.
 * Capped per player (SSE_MAX_PER_USER), per client IP (SSE_MAX_MEMBER_PER_IP, apart from the game streams' count) and
 * together with the game streams in total (SSE_MAX_TOTAL): beyond, 429
 * STREAM_LIMIT_REACHED and the page polls slowly.
 */
const liveRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const player = playerRoute(app);
  const hub = memberStreams({ db: app.db, databaseUrl: app.config.databaseUrl, log: app.log, clock: app.clock });
  app.decorate('memberStreams', hub);
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await hub.close();
  });

  app.get(
    API.userEvents,
    player({
      tags: ['user'],
      summary:
        'Server-Sent Events of the own inbox and support conversations: ready, msg, support {id}, resync, ' +
        'ping (every 15 s); each says what to read again',
      response: { ...errors(401, 403, 429) },
    }),
    async (request, reply) => {
      const user = playerOf(request);
      // Taken in this instance before acquireUser's first await, so parallel connects cannot all pass the cap.
      const release = await app.streamLimits.acquireUser(user.id, request.ip);
      if (!release) throw new AppError('STREAM_LIMIT_REACHED');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let live = true;
      let unsubscribe: (() => void) | undefined;
      const end = () => {
        if (!live) return;
        live = false;
        unsubscribe?.();
        open.delete(end);
        release();
        res.end();
      };
      open.add(end);
      res.on('close', end);
      if (request.raw.socket.destroyed) end();
      if (!live) return;
      try {
        unsubscribe = await hub.subscribe(
          user.id,
          user.sessionId,
          (frame) => {
            if (live) sendFrame(res, frame);
          },
          end,
        );
      } catch (err) {
        request.log.warn({ err }, 'member stream subscribe failed');
        end();
        return;
      }
      if (!live) unsubscribe();
    },
  );
  done();
};

// fastify-plugin: app.memberStreams is the app's, not this plugin's scope only.
export default fp(liveRoutes, {
  name: 'live',
  dependencies: ['config', 'clock', 'db', 'errors', 'auth', 'roles', 'draws'],
});
