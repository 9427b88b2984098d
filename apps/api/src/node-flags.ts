/**
 * The Node flags the API process runs with, wherever it is started (`npm start`, the cluster's hosts, the test and
 * benchmark harnesses, `npm run dev`). V8 reads them when it makes its heap: set later (v8.setFlagsFromString), they
 * change nothing, and NODE_OPTIONS refuses them.
 *
 * `--no-memory-reducer`: V8's memory reducer, made for a browser's idle tabs, collects and shrinks the heap once the
 * process has allocated little for a few seconds. A server is often that quiet for a moment, and after the reducer
 * has run, every request costs more from then on: a kept read answered at the front door took about 95 µs of CPU
 * instead of 75 (10,300 instead of 13,100 answers a second on one core), until the process restarted. The read
 * benchmark's "lower state" was this (bench/README.md). Without the reducer the heap keeps what it grew to under
 * load instead of giving it back while quiet.
 */
export const API_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];

/**
 * The flags of API_NODE_FLAGS this process was started without (by name, so `--memory-reducer` given on purpose
 * counts as given), from the Node options of its command line. server.ts warns of them at start.
 */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map((flag) => flagName(flag)));
  return API_NODE_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/** `--no-memory-reducer` and `--memory-reducer` name one flag, as `--max-semi-space-size=8` and `=16` do. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replace(/^--no-/, '--');
}
