import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, isAllowedRedirect, isErrorKey, resolveLang } from '@fairdraw/contract';
import type { ErrorKey, Lang } from '@fairdraw/contract';
import { AppError } from '../lib/app-error.ts';
import type { MessageParam } from '../lib/app-error.ts';
import { logRefusal } from '../lib/logger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers any error with the envelope; for errors raised outside a route (see app.ts frameworkErrors). */
    sendError: (err: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
  interface FastifyReply {
    /** Sends `{code: 200, msg: 'success', data}`. */
    ok: <T>(data: T) => FastifyReply;
    /** Sends `{code: 301, msg, data: url}` if url is on the allow-list; otherwise throws REDIRECT_NOT_ALLOWED. */
    navigate: (url: string) => FastifyReply;
  }
}

export type ErrorBody = { code: number; msg: string; data: null; error: ErrorKey; field?: string };

/** Fastify's own errors for bad requests, mapped to keys. Anything 4xx not listed maps by its status. */
const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'REQUIRED_FIELDS',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

const KEY_BY_STATUS: Record<number, ErrorKey> = {
  400: 'VALIDATION_FAILED',
  401: 'LOGIN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

type Classified = { status: number; key: ErrorKey; params: Record<string, MessageParam>; field?: string };

/** Turns any thrown value into a status and a key. Bad input always lands on a 4xx; only real faults give 5xx. */
export function classifyError(err: unknown): Classified {
  if (err instanceof AppError) {
    return { status: err.statusCode, key: err.key, params: err.params, ...(err.field ? { field: err.field } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issue = err.validation[0];
    const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const message = issue?.message;
    // The contract's issue messages are error keys; zod's built-in messages (an array for an object, …) are not.
    let key: ErrorKey = isErrorKey(message) ? message : 'VALIDATION_FAILED';
    if (path === '' && key === 'VALIDATION_FAILED' && issue?.params.input === undefined) key = 'REQUIRED_FIELDS';
    // The key's own status, as for an AppError: an id out of range answers what an unknown id does (404 …).
    const status = ERRORS[key] < 500 ? ERRORS[key] : 400;
    return { status, key, params: {}, ...(path ? { field: path } : {}) };
  }
  const e = err as Partial<FastifyError> | null;
  if (e && typeof e === 'object') {
    if (Array.isArray(e.validation)) return { status: 400, key: 'VALIDATION_FAILED', params: {} };
    const byCode = typeof e.code === 'string' ? FASTIFY_CODES[e.code] : undefined;
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (byCode) return { status: status >= 400 && status < 500 ? status : 400, key: byCode, params: {} };
    if (e instanceof SyntaxError) return { status: 400, key: 'INVALID_JSON', params: {} };
    if (status >= 400 && status < 500) return { status, key: KEY_BY_STATUS[status] ?? 'VALIDATION_FAILED', params: {} };
    if (status === 503) return { status, key: 'UNAVAILABLE', params: {} };
  }
  return { status: 500, key: 'INTERNAL', params: {} };
}

export function errorBody(
  c: Classified,
  lang: Lang,
  translate: (lang: Lang, key: ErrorKey, p?: Record<string, MessageParam>) => string,
): ErrorBody {
  return {
    code: c.status,
    msg: translate(lang, c.key, c.params),
    data: null,
    error: c.key,
    ...(c.field ? { field: c.field } : {}),
  };
}

export default fp(
  (app, _opts, done) => {
    const allowList = app.config.redirectAllowList;

    function sendError(request: FastifyRequest, reply: FastifyReply, c: Classified): FastifyReply {
      // The lang is read from the header here too: an error may come before the i18n hook ran.
      const body = errorBody(c, resolveLang(request.headers.lang), app.translate);
      // Errors bypass the routes' response serializers: an error body must never itself fail to serialize.
      return reply.code(c.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
    }

    app.decorateReply('ok', function <T>(this: FastifyReply, data: T) {
      return this.send({ code: 200, msg: 'success', data });
    });

    app.decorateReply('navigate', function (this: FastifyReply, url: string) {
      if (!isAllowedRedirect(url, allowList)) throw new AppError('REDIRECT_NOT_ALLOWED');
      // HTTP 200: a real 3xx would be followed by fetch itself; the client follows code 301 after its own check.
      return this.code(200)
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send({ code: 301, msg: 'redirect', data: url });
    });

    const handleError = (err: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const c = classifyError(err);
      if (c.status >= 500) request.log.error({ err }, 'request failed');
      else logRefusal(request, c.key, c.field);
      return sendError(request, reply, c);
    };
    app.decorate('sendError', handleError);
    app.setErrorHandler(handleError);

    app.setNotFoundHandler((request, reply) =>
      sendError(request, reply, { status: 404, key: 'NOT_FOUND', params: {} }),
    );

    // Maintenance: every /api call (docs aside) answers the code-301 envelope; health checks keep working.
    const maintenanceUrl = app.config.maintenanceUrl;
    if (maintenanceUrl) {
      app.addHook('onRequest', async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (path.startsWith('/api/') && !path.startsWith('/api/docs')) return reply.navigate(maintenanceUrl);
      });
    }
    done();
  },
  { name: 'errors', dependencies: ['config', 'i18n'] },
);
