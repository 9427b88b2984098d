import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './session-user.ts';
import { AppError } from './app-error.ts';

/** The user of a route guarded by app.requireSession; reaching here without one is a wiring bug, not a 401. */
export function sessionUserOf(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new Error('requireSession did not set the user');
  return request.user;
}

/** Who an audit row names for a request guarded by app.requireSession (an AuditActor). */
export function actorOf(request: { user: SessionUser | null }): { userId: number; account: string } {
  const user = sessionUserOf(request);
  return { userId: user.id, account: user.account };
}

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

/** The operator of a route: no session → 401 LOGIN_REQUIRED; anyone else → 403 FORBIDDEN. */
export function requireOperator(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('LOGIN_REQUIRED');
  if (user.role !== 'operator') throw new AppError('FORBIDDEN');
  return user;
}
