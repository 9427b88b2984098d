import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's Content-Security-Policy (docs/trust.md 23): only our own origin, no plugins, no framing, no <base>. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
};

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // The web app and its assets are same-origin; cross-origin isolation headers would only break images from a CDN.
  crossOriginEmbedderPolicy: false,
  // The old header for browsers without frame-ancestors, matching it.
  frameguard: { action: 'deny' },
};

/**
 * The security headers helmet sets, worked out once by helmet itself: they are the same on every response. (Building
 * helmet's middleware again for each request, as the Fastify wrapper does, took a tenth of a cached read's time.)
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) failure = err instanceof Error ? err : new Error('helmet refused its options');
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

export default fp(
  (app, _opts, done) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'helmet' },
);
