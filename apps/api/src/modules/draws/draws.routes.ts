import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  API,
  currentGame,
  envelope,
  gameEventsQuery,
  gameIdQuery,
  historyItem,
  historyQuery,
  paged,
  playGroup,
  playItemsQuery,
  verifyQuery,
  verifyRecord,
} from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import { commonHeaders, errors } from '../../lib/schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendFrame } from '../../lib/event-stream.ts';
import { streamGames } from './draws.repository.ts';
import type { DrawsContext } from './draws.service.ts';
import { localBus, postgresBus } from './events.ts';
import type { PeriodEventBus } from './events.ts';
import { liveEvents } from './live-events.ts';
import type { LiveEvents } from './live-events.ts';
import * as periods from './periods.service.ts';
import { playGroups } from './play-items.service.ts';
import { startScheduler } from './runner.ts';
import type { Scheduler } from './runner.ts';
import type { PeriodSettler } from './settler.ts';
import { streamLimits } from './stream-limits.ts';
import { trendRoutes } from './trend.routes.ts';
import type { StreamLimits } from './stream-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Period transitions, fanned out across instances (PostgreSQL LISTEN/NOTIFY) or in process (PGlite). */
    periodEvents: PeriodEventBus;
    /** What the scheduler functions need: zone, cycle override, the event bus. */
    drawsContext: DrawsContext;
    /** Settles drawn periods (the bets module's settlement, handed in by app.ts). */
    periodSettler: PeriodSettler;
    /**
     * Starts the draw scheduler (server.ts; tests only when they want it) on the app's clock, or on `now` when given.
     * Stopped when the app closes.
     */
    startDrawScheduler: (opts?: { intervalMs?: number; now?: () => Date }) => Scheduler;
    /**
     * Open live streams per IP and in total (SSE_MAX_PER_IP, SSE_MAX_MEMBER_PER_IP, SSE_MAX_PER_USER, SSE_MAX_TOTAL):
     * per instance, and with REDIS_URL the per-IP and per-player caps across instances (stream-limits.ts).
     */
    streamLimits: StreamLimits;
    /** The live streams' fan-out: each event built once for every open stream of this instance. */
    liveEvents: LiveEvents;
  }
}

/** SSE heartbeat: a `time` event this often keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;

export type DrawsOptions = { settle: PeriodSettler };

function drawsPlugin(root: FastifyInstance, opts: DrawsOptions, done: (err?: Error) => void): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const bus = app.config.databaseUrl ? postgresBus(app.config.databaseUrl, app.log) : localBus();
  const context: DrawsContext = {
    timeZone: app.config.businessTimeZone,
    cycleOverrideSeconds: app.config.gameCycleOverrideSeconds,
    // What this instance's scheduler announces has committed by then: the public game reads kept here are dropped
    // at once (another instance's reads within their time to live, lib/public-read.ts).
    events: {
      ...bus,
      publish: async (db, events) => {
        await bus.publish(db, events);
        app.publicReads.clear();
        // In process (the embedded database's bus) the events are being written to the live streams now: the
        // scheduler goes on (the next periods, the settlement) once they are out. Its queries never wait for I/O, so
        // they would otherwise run in the gaps the fan-out leaves between chunks and hold back the rest of a result.
        if (!app.config.databaseUrl) await app.liveEvents.idle();
      },
    },
  };
  app.decorate('periodEvents', bus);
  app.decorate('drawsContext', context);
  app.decorate('periodSettler', opts.settle);
  const limits = streamLimits({
    maxPerIp: app.config.sseMaxPerIp,
    maxTotal: app.config.sseMaxTotal,
    maxPerUser: app.config.sseMaxPerUser,
    maxMemberPerIp: app.config.sseMaxMemberPerIp,
    shared: app.sharedStore,
    now: app.clock,
    log: app.log,
  });
  app.decorate('streamLimits', limits);
  const schedulers: Scheduler[] = [];
  app.decorate('startDrawScheduler', (startOpts: { intervalMs?: number; now?: () => Date } = {}) => {
    const s = startScheduler({
      db: app.db,
      databaseUrl: app.config.databaseUrl,
      context,
      settle: opts.settle,
      log: app.log,
      now: app.clock,
      ...startOpts,
    });
    schedulers.push(s);
    return s;
  });
  const live = liveEvents({
    db: app.db,
    bus,
    log: app.log,
    heartbeatMs: SSE_HEARTBEAT_MS,
    clock: app.clock,
    chunk: app.config.sseFanoutChunk,
  });
  app.decorate('liveEvents', live);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
    live.close();
    await Promise.all([...schedulers.map((s) => s.stop()), limits.close()]);
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });

  const gameHeaders = commonHeaders;
  // The public game reads, the same for every caller of their key: kept for a moment (lib/public-read.ts). A game's
  // plays change with its current period (the odds in force, the draw date) and its operator's saves; its current
  // period at the next open, seal or draw, which ends a kept answer by itself (`until`).
  const playsResponse = envelope(z.array(playGroup));
  const plays = app.publicReads.create<{ game: number; lang: Lang }>({
    response: playsResponse,
    method: 'GET',
    url: API.playItems,
    keyOf: (k) => `${k.game}:${k.lang}`,
    load: async (k) => ({ data: await playGroups(app.db, k.game, k.lang, app.clock(), context.timeZone) }),
  });
  const currentResponse = envelope(currentGame);
  const current = app.publicReads.create<number>({
    response: currentResponse,
    method: 'POST',
    url: API.currentGame,
    keyOf: String,
    stamp: 'server_time',
    load: async (game) => {
      const now = app.clock();
      const data = await periods.currentGame(app.db, game, now);
      const next = [data.open_at, data.seal_at, data.draw_at].filter((t): t is number => t !== null && t > +now);
      return { data, until: next.length ? Math.min(...next) : null };
    },
  });
  // The games a stream follows (one game, or '' for every enabled one), kept as long as a public read and dropped
  // with them: a crowd that reconnects at once (after a balancer's restart) asks the database once a moment, not once
  // a stream.
  const loadFollowed = async (key: string) =>
    (await streamGames(app.db, key === '' ? undefined : Number(key))).map((g) => g.id);
  const followed = new LRUCache<string, { ids: number[] }>({
    max: 100,
    ttl: Math.max(1, app.config.readCacheMs),
    perf: { now: () => app.clock().getTime() },
    ttlResolution: 0,
    // A drop (clear) or an eviction while a lookup is in flight would abort it and fail the connects waiting on it:
    // they get what it finds instead (it is not kept).
    ignoreFetchAbort: true,
    fetchMethod: async (key) => ({ ids: await loadFollowed(key) }),
  });
  app.publicReads.onClear(() => followed.clear());
  const followedGames = async (only: number | undefined): Promise<number[]> => {
    const key = only === undefined ? '' : String(only);
    if (app.config.readCacheMs <= 0) return loadFollowed(key);
    return (await followed.fetch(key))!.ids;
  };

  const historyResponse = envelope(paged(historyItem));
  const drawn = app.publicReads.create<{ game: number; page: number; limit: number }>({
    response: historyResponse,
    method: 'GET',
    url: API.history,
    keyOf: (k) => `${k.game}:${k.page}:${k.limit}`,
    // Draw history may lag: the read replica serves it when there is one in use (plugins/replica.ts).
    load: async (k) => ({
      data: await app.replica.readFor(undefined, (db) => periods.history(db, k.game, k.page, k.limit)),
    }),
  });

  app.get(
    API.playItems,
    {
      schema: {
        tags: ['game'],
        summary: 'Play groups and items of a game (group_id = the game id), with odds, limits and RTP',
        headers: gameHeaders,
        querystring: playItemsQuery,
        response: { 200: playsResponse, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => plays.send(reply, { game: request.query.group_id, lang: request.lang }),
  );

  app.post(
    API.currentGame,
    {
      schema: {
        tags: ['game'],
        summary: 'The current period (countdown data, commitment) and the last drawn one',
        headers: gameHeaders,
        querystring: gameIdQuery,
        response: { 200: currentResponse, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => current.send(reply, request.query.games_id),
  );

  app.get(
    API.history,
    {
      schema: {
        tags: ['game'],
        summary: 'Drawn periods, newest first, with seed and commitment',
        headers: gameHeaders,
        querystring: historyQuery,
        response: { 200: historyResponse, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) =>
      drawn.send(reply, { game: request.query.games_id, page: request.query.page, limit: request.query.limit }),
  );

  app.get(
    API.verify,
    {
      schema: {
        tags: ['game'],
        summary: "A period's public record and whether it verifies (fd1)",
        headers: gameHeaders,
        querystring: verifyQuery,
        response: { 200: envelope(verifyRecord), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => reply.ok(await periods.verifyPeriod(app.db, request.query.games_id, request.query.issue)),
  );

  trendRoutes(app);

  app.get(
    API.gameEvents,
    {
      schema: {
        tags: ['game'],
        summary:
          'Server-Sent Events: time, period, seal, result, next, settled (heartbeat every 15 s); ' +
          'without games_id, every enabled game on one stream (each event names its games_id)',
        headers: gameHeaders,
        querystring: gameEventsQuery,
        response: { ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // The slot is taken in this instance before acquire's first await, so parallel connects cannot all pass the
      // check (then in Redis, atomically, when the caps are shared). request.ip follows TRUST_PROXY. The web polls
      // while refused (an EventSource only sees an error) and retries later.
      const release = await limits.acquire(request.ip);
      if (!release) throw new AppError('STREAM_LIMIT_REACHED');
      // One game, or (games_id left out) every enabled game: a lobby needs one connection, not one per game —
      // browsers allow six per origin over HTTP/1.1.
      const only = request.query.games_id;
      let gameIds: number[];
      try {
        gameIds = await followedGames(only);
      } catch (err) {
        release();
        throw err;
      }
      if (only !== undefined && gameIds.length === 0) {
        release();
        throw new AppError('NOT_FOUND', { field: 'games_id' });
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let open = true;
      let unsubscribe: (() => void) | undefined = undefined;
      const end = () => {
        if (!open) return;
        open = false;
        unsubscribe?.();
        streams.delete(end);
        release();
        res.end();
      };
      streams.add(end);
      res.on('close', end);
      // A client gone during the games query closed its socket before the listener above: its slot goes now.
      if (request.raw.socket.destroyed) end();
      if (!open) return;
      try {
        // Every frame is built once for all streams (live-events.ts); this one only receives them.
        unsubscribe = await live.subscribe(gameIds, (frame) => {
          if (open) sendFrame(res, frame);
        });
      } catch (err) {
        request.log.warn({ err }, 'sse subscribe failed');
        end();
        return;
      }
      if (!open) unsubscribe();
    },
  );
  done();
}

export default fp(drawsPlugin, {
  name: 'draws',
  dependencies: ['config', 'clock', 'db', 'errors', 'jobs', 'shared-limits'],
});
