import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders } from './schemas.ts';

/** A hook that refuses a request (throws an AppError) or lets it through. */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A route's schema as the builders take it: what the route says of itself (summary, body, answers, …). */
type RouteSchema = Record<string, unknown>;

/** What every guarded route declares: the session token, and the headers it is read from. */
type Preamble = { security: { token: string[] }[]; headers: typeof sessionHeaders };

/** The route's own keys win over the preamble's (idempotent routes take idempotentHeaders). */
type WithPreamble<Base, S> = Omit<Base, keyof S> & S;

function builder<Defaults extends object>(guards: readonly Guard[], defaults: Defaults) {
  const schemaOf = <S extends RouteSchema>(schema: S) =>
    ({ ...defaults, security: [{ token: [] }], headers: sessionHeaders, ...schema }) as WithPreamble<
      Defaults & Preamble,
      S
    >;
  /** The route's options: its guards run in preValidation (after the body is parsed, before it is validated). */
  const route = <S extends RouteSchema>(schema: S, ...also: Guard[]) => ({
    preValidation: [...guards, ...also],
    schema: schemaOf(schema),
  });
  /** The same, with the guards in onRequest: a caller who may not call is refused before the body is read. */
  const onRequest = <S extends RouteSchema>(schema: S) => ({ onRequest: [...guards], schema: schemaOf(schema) });
  return Object.assign(route, { onRequest });
}

/**
 * Options of a route only a player may call (a session, then app.requirePlayer: a guest hears DEMO_NOT_ALLOWED, an
 * operator FORBIDDEN), with the token's security and session headers in its schema:
 * `app.get(API.x, player({ tags, summary, response }), handler)`.
 */
export function playerRoute(app: FastifyInstance) {
  return builder([app.requireSession, app.requirePlayer], {});
}

/** Options of a console route (a session, then app.requireOperator), tagged `admin` in the OpenAPI document. */
export function operatorRoute(app: FastifyInstance) {
  return builder([app.requireSession, app.requireOperator], { tags: ['admin'] });
}

/**
 * The rate limit of a route that checks a password, a code or a secret (login, registration, fund password, two-step
 * codes, …): AUTH_RATE_LIMIT_MAX requests a minute per client, so guessing is slow. In the route's `config`.
 */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
}
