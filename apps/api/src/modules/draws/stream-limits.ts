/**
 * Caps on concurrent live streams (GET /api/game/events), per client IP and in total. Each open stream holds a
 * socket and a place in the fan-out (live-events.ts) for as long as the client likes, so without a cap one client
 * could hold them by the thousand. Counted in memory, so the caps hold per API instance. A cap of 0 turns streaming
 * off: every client then polls.
 */
export type StreamLimits = {
  /** Reserves a slot for `ip`; returns its release (idempotent), or null when a cap is reached. */
  acquire(ip: string): (() => void) | null;
  /** Open streams in this process (all IPs). */
  total(): number;
  /** Open streams of one IP. */
  of(ip: string): number;
};

export function streamLimits(maxPerIp: number, maxTotal: number): StreamLimits {
  const byIp = new Map<string, number>();
  let total = 0;
  return {
    acquire(ip) {
      const mine = byIp.get(ip) ?? 0;
      if (mine >= maxPerIp || total >= maxTotal) return null;
      byIp.set(ip, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byIp.get(ip) ?? 1) - 1;
        if (left > 0) byIp.set(ip, left);
        else byIp.delete(ip);
      };
    },
    total: () => total,
    of: (ip) => byIp.get(ip) ?? 0,
  };
}
