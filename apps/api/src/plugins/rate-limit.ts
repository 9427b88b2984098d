import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.ts';

/**
 * A global per-IP budget (RATE_LIMIT_MAX a minute) against floods; the login, register and guest routes set a
 * stricter one of their own (AUTH_RATE_LIMIT_MAX) because each costs an argon2 hash or creates rows.
 * The in-memory store counts per instance; several instances would share a Redis store.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      // Health checks come from the orchestrator, often many at once; they must not be refused.
      allowList: (request) => {
        const path = request.url.split('?')[0];
        return path === '/healthz' || path === '/readyz';
      },
      // The budget's headers go only on a refusal (with retry-after): on every other answer they were three more
      // headers to build and send that no client of ours reads.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      // Thrown and then answered by the error handler: 429 RATE_LIMITED in the request's language.
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
