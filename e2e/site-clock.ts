/**
 * The test's side of a site's movable wall clock (apps/api/src/test/server-clock.ts): `env` goes into the site's env
 * (useSite), and `advance(ms)` moves the server's clock on by that much (the server reads it within 100 ms).
 * `SERVER_CLOCK` is the hook's path, for a spec that writes the clock's file itself.
 */
export {
  movedClock as siteClock,
  SERVER_CLOCK,
  type MovedClock as SiteClock,
} from '../apps/api/src/test/moved-clock.ts';
