import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server's clock: every "now" of the API (betting against seal_at, docs/trust.md 7; session expiry, locks,
     * decisions, the scheduler, the live streams). Routes read it and hand the instant to their services; nothing
     * else reads the real clock (an ESLint rule says so). Durations (metrics, timings) use performance.now().
     */
    clock: () => Date;
    /**
     * The same clock in epoch milliseconds, without making a Date: for what reads it on every request (the kept
     * public reads, their front door).
     */
    clockMs: () => number;
    /** Tests: make `clock` return what `fn` returns; undefined restores the real clock. */
    setClock: (fn: (() => Date) | undefined) => void;
  }
}

/** The one place that reads the real clock. */
function realNow(): Date {
  return new Date();
}
function realNowMs(): number {
  return Date.now();
}

export default fp(
  (app, _opts, done) => {
    let override: (() => Date) | undefined;
    // A fresh Date each call: a caller that changes the one it got changes nobody else's "now".
    app.decorate('clock', () => (override ? new Date(override().getTime()) : realNow()));
    app.decorate('clockMs', () => (override ? override().getTime() : realNowMs()));
    app.decorate('setClock', (fn: (() => Date) | undefined) => {
      override = fn;
    });
    done();
  },
  { name: 'clock' },
);
