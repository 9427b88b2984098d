/**
 * The chaos run's clients each come from a loopback address of their own (all of 127.0.0.0/8 is this machine's), so
 * the balancer forwards a real spread of client addresses and the per-address caps (SSE_MAX_PER_IP, the rate limits)
 * apply to each as to separate players, with no cap raised for the test.
 */

/**
 * Live streams per address: 3, half of SSE_MAX_PER_IP (6). A killed host's streams keep their leases in Redis until
 * they expire (up to 30 s, stream-limits.ts), so right after a host dies an address has its dead streams' leases and
 * its reconnected streams' together: with more than half the cap per address, reconnects would be refused (429) until
 * the dead leases expire. CHAOS_STREAMS_PER_ADDRESS changes it.
 */
export const STREAMS_PER_ADDRESS = Number(process.env.CHAOS_STREAMS_PER_ADDRESS ?? 3);

const address = (net: number, n: number) => `127.${net}.${(n >> 8) & 255}.${n & 255}`;

/** The address of stream `i` (0-based): STREAMS_PER_ADDRESS streams per address. */
export const streamAddress = (i: number) => address(20, Math.floor(i / STREAMS_PER_ADDRESS) + 1);

/** The address of bettor `i` (0-based): one player per address. */
export const bettorAddress = (i: number) => address(30, i + 1);

/** The address the bettors' process reads the current period from. */
export const readerAddress = address(31, 1);

/** The address of reader `i` of readers.ts (0-based): one reader per address. */
export const readersAddress = (i: number) => address(32, i + 1);
