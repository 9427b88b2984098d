import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, envelope, loginAnswer, loginRequest, profile, registerRequest, session } from '@fairdraw/contract';
import { commonHeaders, errors, sessionHeaders } from '../../lib/schemas.ts';
import { authRateLimit } from '../../lib/route-builders.ts';
import * as auth from './auth.service.ts';
import { warmUpPasswords } from '../../lib/passwords.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings: auth.AuthSettings = {
    sessionTtlHours: app.config.sessionTtlHours,
    loginMaxFailures: app.config.loginMaxFailures,
    loginIpMaxFailures: app.config.loginIpMaxFailures,
    loginAccountMaxFailures: app.config.loginAccountMaxFailures,
    loginLockMinutes: app.config.loginLockMinutes,
    demoGrant: app.config.demoGrant,
  };
  await warmUpPasswords();
  // Each of these costs an argon2 hash or creates rows, so they get a tighter per-IP budget than the global one.
  const authLimit = authRateLimit(app);

  app.post(
    API.register,
    {
      config: authLimit,
      schema: {
        tags: ['user'],
        summary: 'Create a player account and log in',
        headers: commonHeaders,
        body: registerRequest,
        response: { 200: envelope(session), ...errors(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.ok(await auth.register(app.db, request.body, app.clock(), settings)),
  );

  app.post(
    API.login,
    {
      config: authLimit,
      schema: {
        tags: ['user'],
        summary:
          'Log in (players and operators); with two-step verification on, the answer is a challenge for POST /api/user/login/2fa',
        headers: commonHeaders,
        body: loginRequest,
        response: { 200: envelope(loginAnswer), ...errors(400, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.ok(await auth.login(app.db, request.body, request.ip, app.clock(), settings)),
  );

  app.post(
    API.guest,
    {
      config: authLimit,
      schema: {
        tags: ['user'],
        summary: 'Start a demo session as a guest',
        headers: commonHeaders,
        // No fields: no body (fastify validates it as null), or {}; junk is refused rather than creating a guest.
        body: z.strictObject({}).nullish(),
        response: { 200: envelope(session), ...errors(400, 413, 415, 429) },
      },
    },
    async (_request, reply) => reply.ok(await auth.createGuest(app.db, app.clock(), settings)),
  );

  app.post(
    API.logout,
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['user'],
        summary: 'Revoke the session token',
        security: [{ token: [] }],
        headers: sessionHeaders,
        response: { 200: envelope(z.null()), ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      if (request.user) {
        await auth.logout(app.db, request.user, app.clock());
        app.forgetSessions(request.user.id);
      }
      return reply.ok(null);
    },
  );

  app.get(
    API.profile,
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['user'],
        summary: 'Own profile',
        security: [{ token: [] }],
        headers: sessionHeaders,
        response: { 200: envelope(profile), ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      // requireSession guarantees the user; the check keeps the type honest.
      if (!request.user) throw new Error('requireSession did not set the user');
      return reply.ok(auth.toProfile(request.user));
    },
  );
};

export default authRoutes;
