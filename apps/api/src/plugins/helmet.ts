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

const OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // The web app and its assets are same-origin; cross-origin isolation headers would only break images from a CDN.
  crossOriginEmbedderPolicy: false,
  // The old header for browsers without frame-ancestors, matching it.
  frameguard: { action: 'deny' },
} satisfies HelmetOptions;

/**
 * The API's JSON answers carry the headers that mean something on a JSON answer (OWASP's REST security headers: the
 * CSP with frame-ancestors, nosniff, X-Frame-Options, HSTS) plus the resource and referrer policies; the headers
 * that only a document uses (the opener policy, origin-agent-cluster) or that only old browsers read for documents
 * and downloads (X-XSS-Protection, X-Download-Options, X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies)
 * are left to the pages. Half the headers on the answers a crowd of phones polls.
 */
export const API_OPTIONS: HelmetOptions = {
  ...OPTIONS,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** An API call's URL (its answers are JSON), not a page, an asset or the API's documentation pages. */
export function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

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
    const pages = securityHeaders();
    const api = securityHeaders(API_OPTIONS);
    app.addHook('onRequest', (request, reply, next) => {
      reply.headers(isApiCall(request.url) ? api : pages);
      next();
    });
    done();
  },
  { name: 'helmet' },
);
