import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CSP_DIRECTIVES } from './helmet.ts';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const CSP = Object.entries(CSP_DIRECTIVES)
  .map(([k, v]) => `${kebab(k)} ${v.join(' ')};`)
  .join(' ');

/** OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the document at /api/docs/json. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Fairdraw API',
          description: 'Every body is {code, msg, data}; on an error, code is the HTTP status and error a stable key.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // swagger-ui sets the CSP of its own pages itself (over helmet's); this keeps ours, plus fonts from data: URLs.
      staticCSP: `${CSP} font-src 'self' data:;`,
    });
  },
  { name: 'swagger' },
);
