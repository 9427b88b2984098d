import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../../lib/app-error.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOURLY = 'public, max-age=3600';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fairdraw</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then restart the server.</p></body></html>
`;

const ALLOWLIST_META = /<meta name="redirect-allowlist" content="[^"]*"\s*\/?>/;

/**
 * index.html carries the redirect allow-list in a meta tag, so the browser checks a code 301 against the same
 * origins as the server without an extra request or an inline script (the CSP forbids those).
 */
export function renderIndexHtml(html: string, redirectAllowList: readonly string[]): string {
  const value = redirectAllowList.join(',').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(ALLOWLIST_META, () => `<meta name="redirect-allowlist" content="${value}" />`);
}

/** Paths the SPA must never answer: the API and health keep their own 404s; /metrics lives on its own listener. */
function isServerPath(path: string): boolean {
  return (
    path.startsWith('/api/') || path === '/api' || path === '/healthz' || path === '/readyz' || path === '/metrics'
  );
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/**
 * Serves the built web app (WEB_DIST). Vite's hashed /assets never change, so browsers keep them a year; other
 * files an hour; index.html is revalidated every time so a deploy takes effect at once. The build writes .br and
 * .gz beside each file and they are sent as they are. Unknown paths without a file extension are the SPA's own
 * routes and get index.html.
 */
const webRoutes: FastifyPluginAsync<{ webDist: string; redirectAllowList: readonly string[] }> = async (app, opts) => {
  const root = opts.webDist;
  const built = existsSync(join(root, 'index.html'));

  if (!built) {
    app.log.warn({ webDist: root }, 'web app not built: run npm run build');
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isServerPath(pathOf(request))) throw new AppError('NOT_FOUND');
      return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    });
    return;
  }

  const indexHtml = renderIndexHtml(readFileSync(join(root, 'index.html'), 'utf8'), opts.redirectAllowList);
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // index.html is rendered once at start (see renderIndexHtml) and sent by the SPA route below.
    index: false,
    allowedPath: (pathName) => !pathName.startsWith('/index.html'),
    // Routes for the files found at start: every other path falls through to the SPA route below.
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // Dotfiles and the source maps of a build are not for the public.
    dotfiles: 'deny',
    schemaHide: true,
    setHeaders: (res, filePath) => {
      const rel = relative(root, filePath).split(sep);
      const name = rel[rel.length - 1] ?? '';
      if (name.startsWith('index.html')) res.header('cache-control', 'no-cache');
      else if (rel[0] === 'assets') res.header('cache-control', IMMUTABLE);
      else res.header('cache-control', HOURLY);
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = pathOf(request);
    const last = path.slice(path.lastIndexOf('/') + 1);
    // A missing file (an old hashed asset, a typo'd image) is a 404, never index.html served as script or image.
    if (isServerPath(path) || path.startsWith('/assets/') || last.includes('.')) throw new AppError('NOT_FOUND');
    return sendIndex(reply);
  });
};

export default webRoutes;
