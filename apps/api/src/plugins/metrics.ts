import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: modules register their own metrics in it. */
    metrics: Registry;
  }
}

/** Prometheus metrics at /metrics: process defaults and a request-duration histogram by method, route, status. */
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
    app.addHook('onResponse', (request, reply, next) => {
      // The route pattern, not the URL, keeps the label set small; unmatched requests share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      next();
    });
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
      return reply.type(registry.contentType).send(await registry.metrics());
    });
    done();
  },
  { name: 'metrics' },
);
