import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API,
  envelope,
  loginTwoFactorRequest,
  session,
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorSetup,
  twoFactorSetupRequest,
  twoFactorStatus,
} from '@fairdraw/contract';
import { commonHeaders, errors, sessionHeaders } from '../../lib/schemas.ts';
import { authRateLimit } from '../../lib/route-builders.ts';
import { AppError } from '../../lib/app-error.ts';
import { sessionUserOf } from '../../lib/route-helpers.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as twoFactor from './two-factor.service.ts';
import { loadTotpKey } from './totp-key.ts';

/** Players and operators; a guest (demo) has no password to protect: 403 DEMO_NOT_ALLOWED. */
function memberOf(request: FastifyRequest): SessionUser {
  const user = sessionUserOf(request);
  if (user.isGuest || user.role === 'guest') throw new AppError('DEMO_NOT_ALLOWED');
  return user;
}

/** Two-step verification (TOTP): enrolment, turning it off, and the login's second step (README). */
const twoFactorRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  const settings: twoFactor.TwoFactorSettings = {
    sessionTtlHours: app.config.sessionTtlHours,
    loginMaxFailures: app.config.loginMaxFailures,
    loginIpMaxFailures: app.config.loginIpMaxFailures,
    loginAccountMaxFailures: app.config.loginAccountMaxFailures,
    loginLockMinutes: app.config.loginLockMinutes,
    totpKey: loadTotpKey(app.config),
  };
  const authLimit = authRateLimit(app);
  const member = { onRequest: [app.requireSession], config: authLimit };

  app.post(
    API.loginTwoFactor,
    {
      config: authLimit,
      schema: {
        tags: ['user'],
        summary: "Log in, second step: the login's challenge and a code from the authenticator app or a recovery code",
        headers: commonHeaders,
        body: loginTwoFactorRequest,
        response: { 200: envelope(session), ...errors(400, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(await twoFactor.loginSecondStep(app.db, request.body, request.ip, app.clock(), settings)),
  );

  app.get(
    API.twoFactor,
    {
      ...member,
      schema: {
        tags: ['user'],
        summary: 'Whether two-step verification is on, and how many recovery codes are left',
        security: [{ token: [] }],
        headers: sessionHeaders,
        response: { 200: envelope(twoFactorStatus), ...errors(401, 403, 429) },
      },
    },
    async (request, reply) => reply.ok(await twoFactor.status(app.db, memberOf(request).id)),
  );

  app.post(
    API.twoFactorSetup,
    {
      ...member,
      schema: {
        tags: ['user'],
        summary:
          'Start enrolling with the login password: a new key (base32 and otpauth:// URI), on once its first code is confirmed',
        description:
          'The login password is checked (a wrong one answers PASSWORD_INCORRECT and counts on the login throttle ' +
          'with the session as its client), so a session alone cannot enrol the account.',
        security: [{ token: [] }],
        headers: sessionHeaders,
        body: twoFactorSetupRequest,
        response: { 200: envelope(twoFactorSetup), ...errors(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(await twoFactor.setup(app.db, memberOf(request), request.body.password, app.clock(), settings)),
  );

  app.post(
    API.twoFactorEnable,
    {
      ...member,
      schema: {
        tags: ['user'],
        summary: 'Turn two-step verification on with the first code; answers the recovery codes, this once',
        security: [{ token: [] }],
        headers: sessionHeaders,
        body: twoFactorEnableRequest,
        response: { 200: envelope(twoFactorEnabled), ...errors(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.ok(await twoFactor.enable(app.db, memberOf(request), request.body.code, app.clock(), settings)),
  );

  app.post(
    API.twoFactorDisable,
    {
      ...member,
      schema: {
        tags: ['user'],
        summary: 'Turn two-step verification off with a current code or a recovery code',
        security: [{ token: [] }],
        headers: sessionHeaders,
        body: twoFactorDisableRequest,
        response: { 200: envelope(z.null()), ...errors(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(app.db, memberOf(request), request.body.code, app.clock(), settings);
      return reply.ok(null);
    },
  );
  done();
};

export default twoFactorRoutes;
