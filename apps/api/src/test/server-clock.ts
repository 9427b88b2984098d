/**
 * A movable wall clock for a server under test: loaded into the server process with
 * `NODE_OPTIONS=--import <this file>` and `FD_TEST_CLOCK_FILE=<file>`, it makes `new Date()` and `Date.now()` run
 * that many milliseconds ahead of the real clock, the number of milliseconds written in the file (re-read every
 * 100 ms). Everything else in the server runs unchanged: the API's one clock (app.clock, plugins/clock.ts) reads
 * `new Date()`, so the scheduler, the settlement and the daily jobs see the moved time. The test's side is
 * moved-clock.ts: browser specs that need a business day to end or a period to open, and the fault tests whose
 * server processes must reach a draw without the test waiting for it (modules/draws/instances.int.test.ts).
 */
import { readFileSync } from 'node:fs';

const file = process.env.FD_TEST_CLOCK_FILE;
if (file) {
  const Real = Date;
  let offset = 0;
  const read = () => {
    try {
      const n = Number(readFileSync(file, 'utf8').trim());
      if (Number.isFinite(n)) offset = n;
    } catch {
      // no file yet: no offset
    }
  };
  read();
  setInterval(read, 100).unref();
  class ShiftedDate extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offset);
      else super(...(args as [string]));
    }
    static override now(): number {
      return Real.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
