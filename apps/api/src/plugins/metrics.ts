import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: modules register their own metrics in it. */
    metrics: Registry;
    /**
     * Starts the metrics listener (GET /metrics, the Prometheus text) on its own port, METRICS_HOST:METRICS_PORT
     * unless told otherwise (port 0 here = any free port); closed with the app. Resolves to the bound address.
     */
    listenMetrics: (opts?: { port?: number; host?: string }) => Promise<AddressInfo>;
  }
}

/**
 * Prometheus metrics: process defaults and a request-duration histogram by method, route, status. They are
 * served on a listener of their own (README "Metrics"), never on the public port: they describe the internals and
 * cost a 60 KB answer, so only what can reach METRICS_HOST (127.0.0.1 by default) may read them.
 */
export default fp(
  (app, _opts, done) => {
    // A registry per app, not the global one, so tests can build many apps in one process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorate('metrics', registry);
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    // Whether the rate limits and stream caps are shared across instances (plugins/shared-limits.ts): an alert on
    // configured 1 and available 0 says this instance counts them alone because its Redis is away.
    const shared = app.sharedStore;
    new Gauge({
      name: 'shared_limits_configured',
      help: '1 when REDIS_URL is set (limits meant to be shared across instances), else 0',
      registers: [registry],
      collect() {
        this.set(shared.configured ? 1 : 0);
      },
    });
    new Gauge({
      name: 'shared_limits_available',
      help: '1 while the rate limits and stream caps are counted in Redis for every instance, 0 while per instance',
      registers: [registry],
      collect() {
        this.set(shared.available() ? 1 : 0);
      },
    });
    app.addHook('onResponse', (request, reply, next) => {
      // The route pattern, not the URL, keeps the label set small; unmatched requests share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      next();
    });

    // A bare node:http server: none of the public app's hooks (sessions, rate limit, CSP) apply to a scraper.
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics collection failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
        },
      );
    });
    app.decorate('listenMetrics', async (opts = {}) => {
      const port = opts.port ?? app.config.metricsPort;
      const host = opts.host ?? app.config.metricsHost;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return server.address() as AddressInfo;
    });
    app.addHook('onClose', (_app, next) => {
      if (!server.listening) {
        next();
        return;
      }
      server.closeAllConnections();
      server.close(() => next());
    });
    done();
  },
  { name: 'metrics', dependencies: ['config', 'shared-limits'] },
);
