import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { storableValidatorCompiler } from './lib/validator.ts';
import { capConnectionsPerIp, connectionsCheckingInterval } from './lib/connections.ts';
import { frontDoor } from './lib/front-door.ts';
import { loggerOptions, OneLinePerRequest } from './lib/logger.ts';
import configPlugin from './plugins/config.ts';
import clockPlugin from './plugins/clock.ts';
import dbPlugin from './plugins/db.ts';
import i18nPlugin from './plugins/i18n.ts';
import errorsPlugin from './plugins/errors.ts';
import authPlugin from './plugins/auth.ts';
import rolesPlugin from './plugins/roles.ts';
import jobsPlugin from './plugins/jobs.ts';
import publicReadsPlugin from './plugins/public-reads.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import sharedLimitsPlugin from './plugins/shared-limits.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import helmetPlugin from './plugins/helmet.ts';
import swaggerPlugin from './plugins/swagger.ts';
import metricsPlugin from './plugins/metrics.ts';
import replicaPlugin from './plugins/replica.ts';
import healthRoutes from './modules/health/health.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import twoFactorRoutes from './modules/auth/two-factor.routes.ts';
import securityRoutes from './modules/security/security.routes.ts';
import payoutMethodsRoutes from './modules/payout-methods/payout-methods.routes.ts';
import homeRoutes from './modules/home/home.routes.ts';
import gamesRoutes from './modules/games/games.routes.ts';
import gamesAdminRoutes from './modules/games/games-admin.routes.ts';
import drawsPlugin from './modules/draws/draws.routes.ts';
import betsPlugin from './modules/bets/bets.routes.ts';
import chaseRoutes from './modules/bets/chase.routes.ts';
import { settleDrawnPeriods } from './modules/bets/settlement.service.ts';
import walletRoutes from './modules/wallet/wallet.routes.ts';
import rechargeRoutes from './modules/recharge/recharge.routes.ts';
import withdrawRoutes from './modules/withdraw/withdraw.routes.ts';
import paymentsRoutes from './modules/payments/payments.routes.ts';
import auditRoutes from './modules/audit/audit.routes.ts';
import drawAuditRoutes from './modules/draws/draw-audit.routes.ts';
import protectionRoutes from './modules/protection/protection.routes.ts';
import limitsRoutes from './modules/protection/limits.routes.ts';
import statementRoutes from './modules/statement/statement.routes.ts';
import reportRoutes from './modules/report/report.routes.ts';
import inboxRoutes from './modules/inbox/inbox.routes.ts';
import supportRoutes from './modules/support/support.routes.ts';
import liveRoutes from './modules/live/live.routes.ts';
import kycRoutes from './modules/kyc/kyc.routes.ts';
import promotionsRoutes from './modules/promotions/promotions.routes.ts';
import playersRoutes from './modules/players/players.routes.ts';
import bonusRoutes from './modules/bonus/bonus.routes.ts';
import webRoutes from './modules/web/web.routes.ts';

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Told of every database statement (tests count what an operation costs). */
  onQuery?: (sql: string) => void;
  /** Embedded PGlite only: start from this dump of an already migrated database (tests: migrated once per run). */
  pgliteTemplate?: Blob;
  /** One pretty line per request (lib/logger.ts); by default when stdout is a terminal and no logger is given. */
  pretty?: boolean;
};

/** Requests larger than this are refused with 413 before they are parsed; every body of the API is small. */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const pretty = opts.pretty ?? (opts.logger === undefined && process.stdout.isTTY === true);
  // The server's first look at each request: the public reads' front door answers an exact repeat of a kept read
  // there (plugins/public-reads.ts); everything else goes to Fastify.
  const door = frontDoor();
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: opts.logger ?? loggerOptions(config.logLevel, pretty),
    ...(pretty ? { logController: new OneLinePerRequest() } : {}),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Slow clients (lib/connections.ts): a request's headers and its whole body must arrive within their limits (408
    // and closed otherwise), an idle kept-alive connection closes, and a silent one closes too. Node checks the
    // first two on a timer, so the timer runs often enough for the limits to hold to within a tenth of themselves.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(config),
    },
    // Ids for log correlation; not secrets, so fastify's counter is enough.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed URL or an overlong path parameter is bad input like any other: send it through the error
    // handler so it gets the envelope, a key and a translated message instead of Fastify's bare 400/414.
    frameworkErrors: (error, request, reply) => {
      void app.sendError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('oneLinePerRequest', pretty);
  app.decorate('frontDoor', { use: door.use });
  // Behind a proxy (TRUST_PROXY) every connection comes from the proxy: the cap per client is the proxy's to keep.
  const connections = capConnectionsPerIp(app.server, config.trustProxy ? 0 : config.maxConnectionsPerIp);
  app.decorate('openConnections', connections.of);
  app.setValidatorCompiler(storableValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body with a JSON content type means "no body": the route's schema then says which fields are missing,
  // instead of a parser error (a POST with no fields, like guest, must work from any client).
  // Only JSON is accepted; anything else (text/plain included) is 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void defaultJson(request, body as string, done);
  });

  // The order matters, each plugin relying on the ones before it:
  // 1. config: everything below reads app.config.
  // 2. clock: app.clock(), the only "now" of the API (auth, routes, the scheduler and the live streams read it).
  // 3. db: routes, auth and readiness need app.db.
  // 4. i18n: the error handler translates messages, so it comes before errors.
  // 5. errors: the error and not-found handlers and reply.ok/navigate must exist before any hook can throw.
  // 6. auth: app.requireSession, used by routes; it throws AppErrors, so after errors; then roles, jobs (the leader
  //    jobs each module registers: idempotency's purge, and the routes' own) and idempotency.
  // 7. shared-limits, then rate-limit: the Redis the instances share their limits through (REDIS_URL), if any; the
  //    rate limit's onRequest hook runs before any route work; its 429 goes through the error handler.
  // 8. helmet: security headers (CSP) on every response, including errors and static files.
  // 9. swagger: must be registered before the routes so it sees them (onRoute) for the OpenAPI document.
  // 10. metrics: its onResponse hook times every route registered after it (served on its own listener); then the
  //     public reads (kept answers; their front door counts in the rate budget and the metrics).
  // 11. replica: the read replica (DATABASE_REPLICA_URL) with its gauges; its onSend hook records each user's writes
  //     for read-your-writes, so it comes before the routes.
  // 12. routes: the API.
  // 13. static web: last, because its catch-all `/*` must not shadow anything above.
  await app.register(configPlugin, { config });
  await app.register(clockPlugin);
  await app.register(dbPlugin, {
    ...(opts.onQuery ? { onQuery: opts.onQuery } : {}),
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
  });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  // roles (requireOperator, requirePlayer) and idempotency (app.exactlyOnce) build on auth's request.user.
  await app.register(rolesPlugin);
  // jobs: app.leaderJobs, where each module registers its leader job (idempotency its purge; the routes below theirs).
  await app.register(jobsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(sharedLimitsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(helmetPlugin);
  await app.register(swaggerPlugin);
  await app.register(metricsPlugin);
  // public reads: the reads every phone polls, kept for a moment (Home, games and draws make theirs), and their front
  // door, which counts in the rate budget and the metrics (so after those plugins).
  await app.register(publicReadsPlugin);
  await app.register(replicaPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(securityRoutes);
  await app.register(payoutMethodsRoutes);
  await app.register(homeRoutes);
  await app.register(gamesRoutes);
  await app.register(gamesAdminRoutes);
  // The scheduler's settle loop runs the bets module's settlement: handed in here, so draws never imports bets.
  // The other modules' leader jobs (the idempotency purge, the chases, the report summary's rebuild, the rebates of
  // each day due) run on the jobs' own loop (plugins/jobs.ts), each registered by its own module.
  await app.register(drawsPlugin, {
    settle: (db, now, events) => settleDrawnPeriods(db, now, { events }),
  });
  await app.register(betsPlugin);
  await app.register(chaseRoutes);
  // The draw scheduler's settle loop settles bets; draws does not import bets (bets builds on periods).
  await app.register(walletRoutes);
  await app.register(rechargeRoutes);
  await app.register(withdrawRoutes);
  await app.register(paymentsRoutes);
  await app.register(auditRoutes);
  await app.register(drawAuditRoutes);
  await app.register(protectionRoutes);
  await app.register(limitsRoutes);
  await app.register(statementRoutes);
  await app.register(reportRoutes);
  await app.register(inboxRoutes);
  await app.register(supportRoutes);
  // The player's live stream of inbox and support changes; its cap shares draws' stream limits.
  await app.register(liveRoutes);
  await app.register(kycRoutes);
  await app.register(promotionsRoutes);
  await app.register(playersRoutes);
  await app.register(bonusRoutes);
  await app.register(webRoutes, { webDist: config.webDist, redirectAllowList: config.redirectAllowList });

  return app;
}
