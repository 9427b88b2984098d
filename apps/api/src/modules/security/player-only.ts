import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * The real-money player behind a request: no session → 401 LOGIN_REQUIRED; a guest (demo) → 403 DEMO_NOT_ALLOWED;
 * an operator → 403 FORBIDDEN (operators have no wallet, payout methods or fund password).
 */
export function requirePlayer(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('LOGIN_REQUIRED');
  if (user.isGuest || user.role === 'guest') throw new AppError('DEMO_NOT_ALLOWED');
  if (user.role !== 'player') throw new AppError('FORBIDDEN');
  return user;
}

/** The player of a route guarded by app.requirePlayer (plugins/roles.ts), typed. */
export function playerOf(request: FastifyRequest): SessionUser {
  return requirePlayer(request.user);
}
