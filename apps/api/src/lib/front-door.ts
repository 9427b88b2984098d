import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's first look at each request (app.ts): `use` puts an answer in front of Fastify. */
    frontDoor: { use: (answer: Answer) => void };
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers a request before the framework when it can: true when it took the request (and then answers it, or hands
 * it to `next`, the framework, itself), false to let the framework have it.
 */
export type Answer = (req: IncomingMessage, res: ServerResponse, next: Handler) => boolean;

/**
 * The HTTP server's first look at each request (Fastify's `serverFactory`): by default every request goes to Fastify;
 * `use(answer)` puts something in front (plugins/public-reads.ts: the kept public reads). The server is made as
 * Fastify makes its own: the `http` options (timeouts of a request's headers and body), the idle and keep-alive
 * timeouts.
 */
export function frontDoor(): { use: (answer: Answer) => void; serverFactory: FastifyServerFactory } {
  let answer: Answer | undefined;
  return {
    use: (a) => {
      answer = a;
    },
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as FastifyServerOptions & { http?: ServerOptions };
      const server: Server = createServer(options.http ?? {}, (req, res) => {
        if (answer?.(req, res, handler) === true) return;
        handler(req, res);
      });
      if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      return server;
    },
  };
}

type Trust = NonNullable<FastifyServerOptions['trustProxy']>;

/**
 * The client's address as Fastify's `request.ip` tells it for the same request under the same `trustProxy`: the
 * socket's peer, or with a proxy trusted, the last address of X-Forwarded-For that no trusted hop added. (Fastify's
 * own rule, lib/request.js: a hop count trusts no one, since the immediate peer cannot be checked.)
 */
export function clientAddress(trustProxy: Trust | undefined): (req: IncomingMessage) => string | undefined {
  if (!trustProxy) return (req) => req.socket.remoteAddress;
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : typeof trustProxy === 'number'
          ? () => false
          : proxyAddr.compile(typeof trustProxy === 'string' ? trustProxy.split(',').map((s) => s.trim()) : trustProxy);
  return (req) => proxyAddr.all(req, trust).at(-1);
}
