import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

export default fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      // The web app and its assets are same-origin; cross-origin isolation headers would only break images from a CDN.
      crossOriginEmbedderPolicy: false,
      // The old header for browsers without frame-ancestors, matching it.
      frameguard: { action: 'deny' },
    });
  },
  { name: 'helmet' },
);
