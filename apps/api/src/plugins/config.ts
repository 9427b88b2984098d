import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Decorates the app with its validated configuration, so every later plugin and route reads the same values. */
export default fp<{ config: Config }>(
  (app, opts, done) => {
    app.decorate('config', opts.config);
    done();
  },
  { name: 'config' },
);
