import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { requireOperator, requirePlayer } from '../lib/route-helpers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler after requireSession: operators only; players and guests get 403 FORBIDDEN. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler after requireSession for real-money routes (deposit, withdraw, payout): players only; a guest
     * gets 403 DEMO_NOT_ALLOWED (demo money never leaves the demo wallet), an operator 403 FORBIDDEN.
     */
    requirePlayer: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(
  (app, _opts, done) => {
    // The check throws an AppError; thrown inside the executor, it becomes the rejection Fastify answers with.
    const guard = (check: (user: FastifyRequest['user']) => unknown) => (request: FastifyRequest) =>
      new Promise<void>((resolve) => {
        check(request.user);
        resolve();
      });
    app.decorate('requireOperator', guard(requireOperator));
    app.decorate('requirePlayer', guard(requirePlayer));
    done();
  },
  { name: 'roles', dependencies: ['auth', 'errors'] },
);
