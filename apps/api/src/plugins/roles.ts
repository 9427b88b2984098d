import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

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
    app.decorate('requireOperator', (request: FastifyRequest) => {
      if (!request.user) return Promise.reject(new AppError('LOGIN_REQUIRED'));
      if (request.user.role !== 'operator') return Promise.reject(new AppError('FORBIDDEN'));
      return Promise.resolve();
    });
    app.decorate('requirePlayer', (request: FastifyRequest) => {
      if (!request.user) return Promise.reject(new AppError('LOGIN_REQUIRED'));
      if (request.user.isGuest || request.user.role === 'guest')
        return Promise.reject(new AppError('DEMO_NOT_ALLOWED'));
      if (request.user.role !== 'player') return Promise.reject(new AppError('FORBIDDEN'));
      return Promise.resolve();
    });
    done();
  },
  { name: 'roles', dependencies: ['auth', 'errors'] },
);
