import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Logs for a person at a terminal, for machines elsewhere: when stdout is a TTY, pino-pretty (a transport, so the
 * formatting runs off the main thread) with one line per request; otherwise JSON lines, as tests, CI and log
 * collectors read them. Either way a request's lines carry its method, path and status, never a body or a header.
 */
export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  if (!pretty || level === 'silent') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,reqId' },
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True when a request leaves one line (OneLinePerRequest): its refusal is told on that line. */
    oneLinePerRequest: boolean;
  }
}

const refusals = new WeakMap<FastifyRequest, string>();

/** A 4xx refusal's error key: on the request's one line in pretty mode, as a line of its own otherwise. */
export function logRefusal(request: FastifyRequest, key: string, field: string | undefined): void {
  if (request.server.oneLinePerRequest) refusals.set(request, field ? `${key} (${field})` : key);
  else request.log.info({ key, field }, 'request refused');
}

/** Fastify's request lines, one per request instead of two: `GET /api/home → 404 NOT_FOUND (3 ms)`. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const refusal = refusals.get(request);
    const status = refusal ? `${reply.statusCode} ${refusal}` : String(reply.statusCode);
    const line = `${request.method} ${request.url} → ${status} (${Math.round(reply.elapsedTime)} ms)`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
